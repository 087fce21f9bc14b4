// The text form of a tensor: nested arrays as NumPy prints them, any rank.
// Elements stay text here (their meaning depends on the data type), so int64
// values keep every digit and `NaN`, `-Infinity`, `1+2i` need no quoting.

/** A mistake in what the person typed, found by the page before the library sees it. */
export class InputError extends Error {
  override name = 'InputError';

  /** The field at fault, when the thrower knows better than the catcher. */
  constructor(message: string, readonly field?: string) {
    super(message);
  }
}

type Node = string | Node[];

export interface Nested {
  dims: number[];
  /** Each element's text, in row-major order. */
  items: string[];
}

/** Parses `[[0, 1], [2, 3]]` (or a bare scalar `3.5`) into dims and element texts. */
export function parseNested(text: string): Nested {
  let pos = 0;
  const skip = () => {
    while (pos < text.length && /\s/.test(text[pos])) pos++;
  };
  const where = () => (pos >= text.length ? 'at the end' : `at character ${pos + 1} (${JSON.stringify(text[pos])})`);

  function value(): Node {
    skip();
    const c = text[pos];
    if (c === '[') {
      pos++;
      const list: Node[] = [];
      skip();
      if (text[pos] === ']') {
        pos++;
        return list;
      }
      for (;;) {
        list.push(value());
        skip();
        if (text[pos] === ',') {
          pos++;
        } else if (text[pos] === ']') {
          pos++;
          return list;
        } else {
          throw new InputError(`expected "," or "]" ${where()}`);
        }
      }
    }
    if (c === '"') {
      let end = pos + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) throw new InputError(`unterminated string from character ${pos + 1}`);
      let s: string;
      try {
        s = JSON.parse(text.slice(pos, end + 1)) as string;
      } catch {
        throw new InputError(`bad escape in the string at character ${pos + 1}`);
      }
      pos = end + 1;
      return s;
    }
    const match = /^[^\s[\],"]+/.exec(text.slice(pos));
    if (!match) throw new InputError(`expected a value ${where()}`);
    pos += match[0].length;
    return match[0];
  }

  const root = value();
  skip();
  if (pos < text.length) throw new InputError(`unexpected text ${where()} after the tensor`);

  const dims: number[] = [];
  for (let node = root; Array.isArray(node); node = node[0]) {
    dims.push(node.length);
    if (node.length === 0) break;
  }
  const items: string[] = [];
  const walk = (node: Node, depth: number, path: number[]) => {
    const name = `x[${path.join(', ')}]`;
    if (depth === dims.length) {
      if (Array.isArray(node)) throw new InputError(`${name} is a list where the first elements are values: rows must be the same shape`);
      items.push(node);
      return;
    }
    if (!Array.isArray(node)) throw new InputError(`${name} is a value where a list of ${dims[depth]} is expected: rows must be the same shape`);
    if (node.length !== dims[depth]) {
      throw new InputError(`${name} has ${node.length} entries where the first has ${dims[depth]}: rows must be the same length`);
    }
    node.forEach((child, i) => walk(child, depth + 1, [...path, i]));
  };
  walk(root, 0, []);
  return { dims, items };
}

/** Writes element texts as nested arrays, one innermost row per line. */
export function formatNested(dims: readonly number[], items: readonly string[]): string {
  if (dims.length === 0) return items[0] ?? '';
  const strides = dims.map((_, i) => dims.slice(i + 1).reduce((a, b) => a * b, 1));
  const format = (depth: number, offset: number): string => {
    const parts: string[] = [];
    for (let i = 0; i < dims[depth]; i++) {
      parts.push(depth === dims.length - 1 ? items[offset + i] : format(depth + 1, offset + i * strides[depth]));
    }
    const separator = depth === dims.length - 1 ? ', ' : `,\n${' '.repeat(depth + 1)}`;
    return `[${parts.join(separator)}]`;
  };
  return format(0, 0);
}

/** Parses a list of integers: `2, 3`, `[2, 3]`, or empty for none. Signs are kept: the op judges them. */
export function parseIntList(text: string): number[] {
  const body = text.trim().replace(/^\[(.*)\]$/s, '$1').trim();
  if (body === '') return [];
  return body.split(/\s*,\s*|\s+/).map((part) => {
    if (!/^[+-]?\d+$/.test(part)) throw new InputError(`"${part}" is not an integer`);
    const value = Number(part);
    if (!Number.isSafeInteger(value)) throw new InputError(`${part} is too large for this page`);
    return value;
  });
}

/** Parses one integer. */
export function parseInt1(text: string): number {
  const list = parseIntList(text);
  if (list.length !== 1) throw new InputError(list.length === 0 ? 'enter an integer' : 'enter one integer');
  return list[0];
}

/** The multi-index of a row-major flat index. */
export function unravel(index: number, dims: readonly number[]): number[] {
  const out = new Array<number>(dims.length);
  for (let i = dims.length - 1; i >= 0; i--) {
    out[i] = dims[i] === 0 ? 0 : index % dims[i];
    index = dims[i] === 0 ? 0 : Math.floor(index / dims[i]);
  }
  return out;
}

export const product = (dims: readonly number[]) => dims.reduce((a, b) => a * b, 1);
