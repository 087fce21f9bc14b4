// Element texts <-> tensors of every data type. The grid shows and accepts
// numbers even for the types stored as bit patterns (float16, float8, int4...).
import * as tw from 'tessera-wasm';
import { InputError, product, unravel } from './nested.js';

type DataType = tw.DataType;
type Value = number | bigint | string | [number, number];

// What the page must know of each type, read from the library's table
// (tw.DTYPES: bits, storage class, slots) and, where the table has no column
// for it, from the type's name: its kind.
type Kind = 'string' | 'bool' | 'complex' | 'int' | 'uint' | 'float';

function kindOf(type: DataType): Kind {
  if (type === 'string' || type === 'bool') return type;
  if (type.startsWith('complex')) return 'complex';
  if (type.startsWith('uint')) return 'uint';
  return type.startsWith('int') ? 'int' : 'float';
}

/**
 * Stored as codes rather than as the values themselves, which tw.encode and
 * tw.decode convert: packed types (under 8 bits) and floats whose storage is
 * an integer array (float16, bfloat16, the float8 types).
 */
export function isEncoded(type: DataType): type is tw.NarrowType {
  const { bits, storage } = tw.DTYPES[type];
  return (bits > 0 && bits < 8) || (kindOf(type) === 'float' && !storage.startsWith('Float'));
}

/** An integer type's range, from its width and sign. */
export function intRange(type: DataType): [bigint, bigint] | undefined {
  const kind = kindOf(type);
  if (kind !== 'int' && kind !== 'uint') return undefined;
  const bits = BigInt(tw.DTYPES[type].bits);
  return kind === 'int' ? [-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n] : [0n, (1n << bits) - 1n];
}

const STORAGE = {
  Float32Array, Float64Array, Int8Array, Uint8Array, Int16Array, Uint16Array,
  Int32Array, Uint32Array, BigInt64Array, BigUint64Array,
} as const;

function parseFloat64(text: string): number {
  const t = text.trim();
  if (/^[+-]?nan$/i.test(t)) return NaN;
  if (/^[+-]?inf(inity)?$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  const v = Number(t);
  if (t === '' || Number.isNaN(v)) throw new InputError(`"${text}" is not a number`);
  return v;
}

function parseComplex(text: string): [number, number] {
  const t = text.replace(/\s+/g, '');
  const num = String.raw`(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?|inf|nan`;
  const m = new RegExp(`^([+-]?(?:${num}))?(?:([+-](?:${num})?)[ij])?$`, 'i').exec(t);
  const imaginaryOnly = new RegExp(`^([+-]?(?:${num})?)[ij]$`, 'i').exec(t);
  if (imaginaryOnly) return [0, parseFloat64(/^[+-]?$/.test(imaginaryOnly[1]) ? `${imaginaryOnly[1]}1` : imaginaryOnly[1])];
  if (!m || t === '') throw new InputError(`"${text}" is not a complex number (write 1.5, 2i or 1.5-2i)`);
  const re = m[1] === undefined ? 0 : parseFloat64(m[1]);
  const im = m[2] === undefined ? 0 : parseFloat64(/^[+-]$/.test(m[2]) ? `${m[2]}1` : m[2]);
  return [re, im];
}

/** One element's text as a value of `type`, or an InputError saying why not. */
export function parseValue(type: DataType, text: string): Value {
  const t = text.trim();
  if (type === 'string') return text;
  if (type === 'bool') {
    if (/^(true|1)$/i.test(t)) return 1;
    if (/^(false|0)$/i.test(t)) return 0;
    throw new InputError(`"${text}" is not a bool (write true, false, 1 or 0)`);
  }
  if (kindOf(type) === 'complex') return parseComplex(t);
  const range = intRange(type);
  if (range) {
    if (!/^[+-]?\d+$/.test(t)) throw new InputError(`"${text}" is not an integer`);
    const v = BigInt(t);
    if (v < range[0] || v > range[1]) throw new InputError(`${t} is outside ${type}'s range ${range[0]} to ${range[1]}`);
    return tw.DTYPES[type].storage.startsWith('Big') ? v : Number(v);
  }
  return parseFloat64(t);
}

/** Builds a tensor from element texts; an InputError names the element at fault. */
export function makeTensor(type: DataType, dims: readonly number[], items: readonly string[]): tw.Tensor {
  const size = product(dims);
  if (items.length !== size) throw new InputError(`dims [${dims.join(', ')}] need ${size} values, got ${items.length}`);
  const values = items.map((text, i) => {
    try {
      return parseValue(type, text);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      throw new InputError(`x[${unravel(i, dims).join(', ')}]: ${error.message}`);
    }
  });
  return new tw.Tensor(type, storage(type, values) as never, dims);
}

function storage(type: DataType, values: Value[]): tw.TensorData {
  if (type === 'string') return values as string[];
  if (isEncoded(type)) return tw.encode(type, values as number[]);
  // Complex values are [re, im] pairs: two slots each.
  const flat = (values as (number | bigint | [number, number])[]).flat();
  return (STORAGE[tw.DTYPES[type].storage as keyof typeof STORAGE] as { from(v: unknown[]): tw.TensorData }).from(flat);
}

/** A number to colour an element by: a bigint for the 64-bit integers (exact), NaN for none. */
export type Heat = number | bigint;

/** What a tensor shows: each element's text, and a value to colour it by. */
export interface Shown {
  text: string[];
  heat: Heat[];
}

function numberText(v: number): string {
  return Object.is(v, -0) ? '-0' : String(v);
}

/**
 * How a float32 element reads: its exact value when that is short, else the
 * shortest decimal that reads back as the same float32 (0.1, as numpy prints
 * it). Narrow floats show their stored value whole, as String(y) does.
 */
function shortest(v: number, same: (candidate: number) => boolean): string {
  const exact = numberText(v);
  if (!Number.isFinite(v) || significantDigits(exact) <= 6) return exact;
  for (let p = 1; p < 17; p++) {
    const candidate = Number(v.toPrecision(p));
    if (same(candidate)) return numberText(candidate);
  }
  return exact;
}

function significantDigits(text: string): number {
  return text.replace(/e.*$/, '').replace(/[-.]/g, '').replace(/^0+/, '').length;
}

/**
 * The elements at flat positions `at` as a compact 1-D tensor of the same
 * type: what is drawn of a huge tensor is read without touching the rest
 * (packed 4- and 2-bit codes are moved one by one).
 */
export function gather(t: tw.Tensor, at: readonly number[]): tw.Tensor {
  const n = at.length;
  if (t.type === 'string') return new tw.Tensor('string', at.map((i) => (t.data as string[])[i]), [n]);
  const bits = tw.DTYPES[t.type].bits;
  if (bits > 0 && bits < 8) {
    const perByte = 8 / bits;
    const mask = (1 << bits) - 1;
    const from = t.data as Uint8Array;
    const out = new Uint8Array(Math.ceil(n / perByte));
    at.forEach((i, k) => {
      const code = (from[Math.floor(i / perByte)] >> (bits * (i % perByte))) & mask;
      out[Math.floor(k / perByte)] |= code << (bits * (k % perByte));
    });
    return new tw.Tensor(t.type, out as never, [n]);
  }
  const slots = kindOf(t.type) === 'complex' ? 2 : 1;
  const from = t.data as unknown as { [i: number]: number | bigint; constructor: new (n: number) => { [i: number]: number | bigint } };
  const out = new from.constructor(n * slots);
  at.forEach((i, k) => {
    for (let j = 0; j < slots; j++) out[k * slots + j] = from[i * slots + j];
  });
  return new tw.Tensor(t.type, out as never, [n]);
}

/** The elements of a (small) tensor, for display; complex as `String(y)` writes it (`1+0j`). */
export function showTensor(t: tw.Tensor): Shown {
  const n = t.size;
  const text: string[] = [];
  const heat: Heat[] = [];
  if (t.type === 'string') {
    const data = t.data as string[];
    const order = [...new Set(data)].sort();
    for (const s of data) {
      text.push(s);
      heat.push(order.length > 1 ? order.indexOf(s) : 0);
    }
  } else if (kindOf(t.type) === 'complex') {
    const data = t.data as Float32Array | Float64Array;
    const round = t.type === 'complex64' ? Math.fround : (x: number) => x;
    for (let i = 0; i < n; i++) {
      const re = data[2 * i];
      const im = data[2 * i + 1];
      const reText = shortest(re, (c) => round(c) === re);
      const imText = shortest(Math.abs(im), (c) => round(c) === Math.abs(im));
      text.push(`${reText}${im < 0 || Object.is(im, -0) ? '-' : '+'}${imText}j`);
      heat.push(Math.hypot(re, im));
    }
  } else if (t.type === 'bool') {
    for (let i = 0; i < n; i++) {
      text.push((t.data as Uint8Array)[i] ? 'true' : 'false');
      heat.push((t.data as Uint8Array)[i]);
    }
  } else if (isEncoded(t.type)) {
    // The stored value itself (float16 0.1 is 0.0999755859375), as the library prints it.
    for (const v of tw.decode(t)) {
      text.push(numberText(v));
      heat.push(v);
    }
  } else if (t.type === 'float32') {
    for (let i = 0; i < n; i++) {
      const v = (t.data as Float32Array)[i];
      text.push(shortest(v, (c) => Math.fround(c) === v));
      heat.push(v);
    }
  } else {
    // int64 and uint64 stay bigints: every digit in the text, and an exact place on the colour scale.
    const data = t.data as ArrayLike<number | bigint>;
    for (let i = 0; i < n; i++) {
      const v = data[i];
      text.push(typeof v === 'number' ? numberText(v) : String(v));
      heat.push(v);
    }
  }
  return { text, heat };
}

/**
 * What storing the typed `texts` as `t` changed, one line per changed
 * element (at most `limit`): a float out of its type's range became
 * infinite or saturated, a narrow float was rounded to the nearest value it
 * can hold. (Decimal fractions in float32 and float64 round too, always:
 * that is not noted.)
 */
export function storedChanges(t: tw.Tensor, texts: readonly string[], name: (i: number) => string, limit = 3): string[] {
  if (kindOf(t.type) !== 'float') return [];
  const encoded = isEncoded(t.type);
  const stored: ArrayLike<number> = encoded ? tw.decode(t) : (t.data as Float32Array | Float64Array);
  const changes: string[] = [];
  let more = 0;
  for (let i = 0; i < texts.length; i++) {
    const typed = parseFloat64(texts[i]);
    const s = stored[i];
    if (Object.is(typed, s) || (Number.isNaN(typed) && Number.isNaN(s)) || (typed === s && !encoded)) continue;
    let what: string | undefined;
    if (Number.isFinite(typed) && !Number.isFinite(s)) what = `became ${numberText(s)}, out of ${t.type}'s range`;
    else if (encoded && Number.isFinite(s) && !Number.isFinite(tw.decode(new tw.Tensor(t.type, tw.encode(t.type as tw.NarrowType, [typed], { saturate: false }) as never, [1]))[0])) {
      what = `saturated to ${numberText(s)}, ${t.type}'s largest`;
    } else if (encoded) what = `is stored as ${numberText(s)} (rounded)`;
    if (what === undefined) continue;
    if (changes.length < limit) changes.push(`${name(i)} ${texts[i].trim()} ${what}`);
    else more++;
  }
  if (more > 0) changes.push(`and ${more} more`);
  return changes;
}

/** A value to start from: random, in a range that shows what the op does. */
export function randomValue(type: DataType, random: () => number = Math.random): string {
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  if (type === 'string') return ['ab', 'cd', 'ef', 'gh', 'ij'][int(0, 4)];
  if (type === 'bool') return random() < 0.5 ? 'true' : 'false';
  if (kindOf(type) === 'complex') return `${int(-4, 4)}${['+', '-'][int(0, 1)]}${int(0, 4)}i`;
  if (type === 'float8e8m0') return String(2 ** int(-3, 3));
  const range = intRange(type);
  if (range) return String(int(Math.max(Number(range[0]), -9), Math.min(Number(range[1]), 9)));
  if (isEncoded(type) && tw.DTYPES[type].bits < 8) {
    // So few values (float4e2m1 has 16 codes) that any one of them shows what the op does.
    return numberText(tw.decode(new tw.Tensor(type, Uint8Array.of(int(0, (1 << tw.DTYPES[type].bits) - 1)), [1]))[0]);
  }
  const value = Math.round((random() * 10 - 5) * 100) / 100;  // two decimals in [-5, 5]: floor visibly moves them
  return numberText(value === 0 ? 0 : value);
}

/** JS source that builds `t` (its data spelled out when small), for the "As code" view. */
export function tensorCode(t: tw.Tensor, limit = 64): string {
  const dims = `[${t.dims.join(', ')}]`;
  if (t.size > limit) return `new tw.Tensor('${t.type}', /* ${t.size.toLocaleString('en')} elements */ data, ${dims})`;
  let data: string;
  if (t.type === 'string') {
    data = JSON.stringify(t.data);
  } else if (isEncoded(t.type)) {
    data = `tw.encode('${t.type}', [${showTensor(t).text.join(', ')}])`;  // each stored value encodes to itself
  } else {
    const single = t.type === 'float32' || t.type === 'complex64';
    const literal = (v: number | bigint) => typeof v === 'bigint' ? `${v}n`
      : single ? shortest(v, (c) => Math.fround(c) === v) : numberText(v);
    data = `new ${tw.DTYPES[t.type].storage}([${Array.from(t.data as ArrayLike<number | bigint>, literal).join(', ')}])`;
  }
  return `new tw.Tensor('${t.type}', ${data}, ${dims})`;
}
