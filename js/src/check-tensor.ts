// A tensor's three parts from a user's object, each read once and checked
// against the others: the one validation every Tensor, look-alike and foreign
// tensor goes through (tensor.ts and foreign.ts call it).
import { DTYPES, type DataType, holdsType, isDataType, storageLength } from './dtype.js';
import { type OpContext, describe, specError } from './errors.js';
import { checkRank, checkedSize } from './shape.js';
import { staleViewError } from './stale-views.js';
import { typedArrayFacts, typedArrayKind } from './typed-array.js';

/** A tensor's parts, checked: private dims, the data (strings copied), the element count. */
export interface CheckedTensor {
  readonly type: DataType;
  readonly data: unknown;
  readonly dims: readonly number[];
  readonly size: number;
}

/** Validates the three parts of a tensor, reading each once. */
export function checkTensor(context: OpContext, name: string, type: unknown, data: unknown, dims: unknown): CheckedTensor {
  if (!isDataType(type)) throw specError(context, name, `${name} has an unknown data type (got ${describe(type)})`);
  const shape = readDims(context, name, dims);
  const size = checkedSize(context, name, `${name} `, shape);  // shape.ts: the one rule, fromTensorProto's too
  const expectedLength = storageLength(type, size);
  const lengthError = (length: number) => specError(context, name,
    `${name} data of type ${type} with dims [${shape.join(', ')}] must have length ${expectedLength} (got ${length})`);

  if (type === 'string') {
    if (!Array.isArray(data)) throw specError(context, name, `${name} data must be an array of strings for type string (got ${describe(data)})`);
    const length: unknown = data.length;
    if (length !== expectedLength) throw lengthError(Number(length));
    const strings = new Array<string>(expectedLength);
    for (let i = 0; i < expectedLength; i++) {
      const s: unknown = data[i];
      if (typeof s !== 'string') throw specError(context, name, `${name} data[${i}] must be a string (got ${describe(s)})`);
      strings[i] = s;
    }
    return { type, data: strings, dims: shape, size };
  }

  const storage = DTYPES[type].storage;
  const kind = typedArrayKind(data);
  if (!holdsType(kind, type)) {
    throw specError(context, name, `${name} data must be a ${storage} for type ${type} (got ${describe(data)})${hint(type, data)}`);
  }
  const facts = typedArrayFacts(data as object, kind);
  if (facts.length !== expectedLength) throw staleViewError(context, name, facts.buffer) ?? lengthError(facts.length);
  if (type === 'bool') {
    const bytes = new Uint8Array(facts.buffer, facts.byteOffset, facts.length);
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] > 1) throw specError(context, name, `${name} bool data must be 0 or 1 (got ${bytes[i]} at index ${i})`);
    }
  }
  return { type, data, dims: shape, size };
}

// What to do instead, for the mistakes people make most.
function hint(type: DataType, data: unknown): string {
  const fromValues = `tw.tensor('${type}', values, dims) builds one from plain values`;
  if (type === 'float16' || type === 'bfloat16' || type.startsWith('float8') || type === 'float4e2m1') {
    const kind = typedArrayKind(data);
    if (kind === 'Float32Array' || kind === 'Float64Array') {
      // The fast way first: Cast runs in WebAssembly (about 100 times faster than encoding in JS for 1e6 values).
      const from = kind === 'Float32Array' ? 'float32' : 'float64';
      return `: ${type} data is its bit patterns; convert a ${kind} with tw.cast(new tw.Tensor('${from}', data, dims), '${type}')` +
        `, or turn numbers into them with tw.encode('${type}', numbers)` + (type === 'float16' ? ' or pass a Float16Array' : '');
    }
    if (Array.isArray(data)) {
      return `: ${type} data is its bit patterns; turn numbers into them with tw.encode('${type}', numbers)` +
        (type === 'float16' ? ' or pass a Float16Array' : '') + `, or ${fromValues}`;
    }
  }
  if (Array.isArray(data)) return `: a Tensor holds a typed array; ${fromValues}`;
  return '';
}

/**
 * dims, read once into a private frozen array: an array or typed array of
 * non-negative safe integers (numbers or bigints), at most LIMITS.maxRank of them.
 */
function readDims(context: OpContext, name: string, dims: unknown): readonly number[] {
  const kind = typedArrayKind(dims);
  if (!Array.isArray(dims) && kind === undefined) {
    throw specError(context, name, `${name} dims must be an array of non-negative integers (got ${describe(dims)})`);
  }
  const length = kind === undefined ? (dims as unknown[]).length : typedArrayFacts(dims as object, kind).length;
  checkRank(context, name, `${name} dims`, length);
  const shape = new Array<number>(length);
  for (let i = 0; i < length; i++) {
    const entry: unknown = (dims as ArrayLike<unknown>)[i];
    const d = typeof entry === 'bigint' && entry >= 0n && entry <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(entry) : entry;
    if (typeof d !== 'number' || !Number.isSafeInteger(d) || d < 0) {
      throw specError(context, name, `${name} dims[${i}] must be a non-negative safe integer (got ${describe(entry)})`);
    }
    shape[i] = d + 0;  // a -0 dim is 0
  }
  return Object.freeze(shape);
}
