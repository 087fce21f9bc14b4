// What QuantizeLinear and DequantizeLinear share: the granularity of the scale
// (per tensor, per axis, per block), element values read as doubles, values
// rounded to a precision, and codes written as a type's storage (packed types
// packed). x is viewed as [outer, axisDim, inner]; a scale (and zero point)
// broadcasts along the axis (per axis: one per axis index) and along blocks
// of `block` axis indices (blocked: the scale has x's dims with ceil(D/B) on
// the axis).
import { DTYPES, type DataType, allocateData, storageBytes, storageView } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { decodeInto, encodeOne, isNarrowType } from '../../formats.js';
import { asPlainTensor } from '../../resident.js';
import { type Tensor, tensorOf } from '../../tensor.js';
import { checkedBytes } from '../../wasm.js';
import { keepNaNBits } from '../cast-nans.js';
import { productOf } from '../axes.js';
import { normalizeAxis } from '../axes.js';
import { integerAttribute } from '../check.js';

/**
 * An op's input as a private copy of its storage, measured now: a buffer that
 * shrank since the tensor was checked is a SpecError, and one that grew gives
 * only the checked bytes (a resident input is copied out). The ops read their
 * scales, zero points and, in the JS loops, x only through such copies.
 */
export function ownInput(value: unknown, context: OpContext, name: string): Tensor {
  const t = asPlainTensor(value, context, name);
  if (t.type === 'string') return t;  // refused by the type checks that follow
  const bytes = checkedBytes(context, name, t.data as ArrayBufferView, storageBytes(t.type, t.size));
  const data = allocateData(t.type, t.size) as ArrayBufferView;
  new Uint8Array(data.buffer, data.byteOffset, data.byteLength).set(bytes);
  return tensorOf(t.type, data as never, t.dims, t.size);
}

/** How a scale maps onto x: rows of `inner` elements, each row's scale offset and step. */
export interface Granularity {
  readonly outer: number;
  readonly axisDim: number;
  readonly inner: number;
  /** 0: per tensor; -1: per axis; otherwise the block size. */
  readonly block: number;
}

/** Reads axis and block_size and checks the scale's and zero point's dims against x's. */
export function granularity(context: OpContext, xDims: readonly number[], scaleDims: readonly number[], zeroDims: readonly number[] | undefined,
  axisValue: unknown, blockValue: unknown, scaleName: string, zeroName: string): Granularity {
  if (zeroDims !== undefined && (zeroDims.length !== scaleDims.length || zeroDims.some((d, i) => d !== scaleDims[i]))) {
    throw specError(context, zeroName, `${zeroName} must have the dims of ${scaleName} [${scaleDims.join(', ')}] (got [${zeroDims.join(', ')}])`);
  }
  const size = productOf(xDims);
  const block = integerAttribute(context, 'block_size', blockValue, 0);
  if (block < 0) throw specError(context, 'block_size', `block_size must be 0 or positive (got ${block})`);
  const scaleSize = productOf(scaleDims);
  if (block === 0 && (scaleDims.length === 0 || (scaleDims.length === 1 && scaleSize === 1))) {
    return { outer: 1, axisDim: 1, inner: size, block: 0 };
  }
  const axis = normalizeAxis(context, 'axis', integerAttribute(context, 'axis', axisValue, 1), xDims.length);
  const axisDim = xDims[axis];
  const shape = { outer: productOf(xDims, 0, axis), axisDim, inner: productOf(xDims, axis + 1) };
  if (block === 0) {
    if (scaleDims.length !== 1 || scaleDims[0] !== axisDim) {
      throw specError(context, scaleName, `${scaleName} must be a scalar, or 1-D of x's dim ${axisDim} on axis ${axis} (got dims [${scaleDims.join(', ')}])`);
    }
    return { ...shape, block: -1 };
  }
  const blocks = Math.ceil(axisDim / block);
  const fits = scaleDims.length === xDims.length && scaleDims.every((d, i) => (i === axis ? d === blocks : d === xDims[i]));
  if (!fits) {
    const want = xDims.map((d, i) => (i === axis ? blocks : d));
    throw specError(context, scaleName, `${scaleName} must have dims [${want.join(', ')}] for block_size ${block} on axis ${axis} (got [${scaleDims.join(', ')}])`);
  }
  return { ...shape, block };
}

/**
 * The runs of elements that share one scale pattern, four numbers a run:
 * elements start..start+count take scale index scaleAt + k * scaleStep
 * (scaleStep 0 or 1). Plain loops over these runs are what the ops compute
 * with: a callback per run kept V8 from optimizing the element loop (7 ns an
 * element against about 1).
 */
export function scaleRuns(g: Granularity): Int32Array {
  const { outer, axisDim, inner, block } = g;
  if (block === 0) return Int32Array.of(0, outer * axisDim * inner, 0, 0);
  const blocks = block > 0 ? Math.ceil(axisDim / block) : 0;
  const perOuter = inner === 1 ? (block === -1 ? 1 : blocks) : axisDim;
  const runs = new Int32Array(4 * outer * perOuter);
  let r = 0;
  const run = (start: number, count: number, at: number, step: number): void => {
    runs[r] = start; runs[r + 1] = count; runs[r + 2] = at; runs[r + 3] = step; r += 4;
  };
  for (let o = 0; o < outer; o++) {
    if (inner === 1 && block === -1) run(o * axisDim, axisDim, 0, 1);  // the axis last: the scale steps with the element
    else if (inner === 1) {
      // The axis last, blocked: one run per block, its one scale.
      for (let b = 0; b < blocks; b++) run(o * axisDim + b * block, Math.min(block, axisDim - b * block), o * blocks + b, 0);
    } else if (block === -1) for (let a = 0; a < axisDim; a++) run((o * axisDim + a) * inner, inner, a, 0);
    else for (let a = 0; a < axisDim; a++) run((o * axisDim + a) * inner, inner, (o * blocks + Math.floor(a / block)) * inner, 1);
  }
  return runs;
}

/** Calls `row(start, count, scaleAt, scaleStep)` for each of scaleRuns(g) (the slow paths: encodeOne per element). */
export function forEachRow(g: Granularity, row: (start: number, count: number, scaleAt: number, scaleStep: number) => void): void {
  const runs = scaleRuns(g);
  for (let r = 0; r < runs.length; r += 4) row(runs[r], runs[r + 1], runs[r + 2], runs[r + 3]);
}

/** Every element of a numeric tensor as a double (narrow and packed types decoded exactly). */
export function valuesOf(t: Tensor): Float64Array {
  const out = new Float64Array(t.size);
  const bits = DTYPES[t.type].bits;
  if (isNarrowType(t.type) && bits <= 8) {
    // At most 256 codes: a table of their values.
    const table = decodeTable(t.type as Parameters<typeof decodeTable>[0]);
    const data = t.data as ArrayBufferView;
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const perByte = 8 / bits;
    const mask = (1 << bits) - 1;
    if (perByte === 1) for (let i = 0; i < t.size; i++) out[i] = table[bytes[i]];
    else for (let i = 0; i < t.size; i++) out[i] = table[(bytes[(i / perByte) | 0] >> (bits * (i % perByte))) & mask];
  } else if (isNarrowType(t.type)) decodeInto(t.type, t.data as ArrayBufferView, 0, t.size, out);
  else out.set(t.data as ArrayLike<number>);
  return out;
}

/**
 * Every element as a float32: exact for every type of 16 bits or fewer (the
 * float8, float4, 4- and 2-bit codes through their decode table), int32
 * rounded to nearest as Math.fround rounds it. DequantizeLinear's fast path.
 * A NaN keeps its sign (the fnuz kinds' 0x80 is negative) as onnxruntime's
 * DequantizeLinear keeps it (tests/e2e/quantize-ort.test.mjs): its bits are
 * written by Cast's rule for widening to float32 (cast-nans.ts's keepNaNBits:
 * float16 and bfloat16 bit for bit, a float8 NaN 0x7fc00000 with its code's sign).
 */
export function valuesAsFloat32(t: Tensor): Float32Array {
  const out = new Float32Array(t.size);
  const bits = DTYPES[t.type].bits;
  if (!isNarrowType(t.type)) { out.set(t.data as ArrayLike<number>); return out; }
  const data = t.data as ArrayBufferView;
  const n = t.size;
  if (bits > 8) {
    out.set(valuesOf(t));  // float16, bfloat16: exact in float32
  } else {
    const table = Float32Array.from(decodeTable(t.type as Parameters<typeof decodeTable>[0]));
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (bits === 8) {
      for (let i = 0; i < n; i++) out[i] = table[bytes[i]];
    } else if (bits === 4) {
      const pairs = n >> 1;
      for (let p = 0; p < pairs; p++) { const b = bytes[p]; out[2 * p] = table[b & 15]; out[2 * p + 1] = table[b >> 4]; }
      if (n & 1) out[n - 1] = table[bytes[pairs] & 15];
    } else {
      for (let i = 0; i < n; i++) out[i] = table[(bytes[i >> 2] >> ((i & 3) << 1)) & 3];
    }
  }
  keepNaNBits(t.type, 'float32', data, n, out);  // the decoded numbers carried no NaN sign or payload
  return out;
}

/** A rounding of doubles to a float type's precision (float32, float16, bfloat16); float64 and int32 keep the double. */
export function rounderTo(type: DataType): (v: number) => number {
  if (type === 'float32') return Math.fround;
  if (type !== 'float16' && type !== 'bfloat16') return (v) => v;
  const table = decodeTable(type);
  return (v) => table[encodeOne(type, v, false, 'nearest')];
}

const TABLES = new Map<DataType, Float64Array>();

/** The value of every code of a type of 16 bits or fewer, by code. */
export function decodeTable(type: 'float16' | 'bfloat16' | 'float8e4m3fn' | 'float8e4m3fnuz' | 'float8e5m2' | 'float8e5m2fnuz' | 'float8e8m0' | 'float4e2m1' | 'int4' | 'uint4' | 'int2' | 'uint2'): Float64Array {
  let table = TABLES.get(type);
  if (table === undefined) {
    const bits = DTYPES[type].bits;
    const codes = bits === 16 ? new Uint16Array(65536) : new Uint8Array(2 ** bits);
    for (let c = 0; c < codes.length; c++) codes[c] = c;
    table = new Float64Array(codes.length);
    // One code per storage element: unpacked (decodeInto reads packed storage, so decode the codes as a byte type of the same format).
    if (bits >= 8) decodeInto(type, codes, 0, codes.length, table);
    else for (let c = 0; c < codes.length; c++) { const one = new Float64Array(1); decodeInto(type, new Uint8Array([c]), 0, 1, one); table[c] = one[0]; }
    TABLES.set(type, table);
  }
  return table;
}

/** The integer range of the integer output types. */
const RANGES: Partial<Record<DataType, readonly [number, number]>> = {
  int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535], int32: [-2147483648, 2147483647],
  int4: [-8, 7], uint4: [0, 15], int2: [-2, 1], uint2: [0, 3],
};

export function integerRange(type: DataType): readonly [number, number] | undefined {
  return RANGES[type];
}

/** Codes (one per element, integer codes as their values) into the type's storage: packed types packed, low bits first. */
export function storeCodes(type: DataType, codes: Float64Array | Int32Array): Tensor['data'] {
  const size = codes.length;
  const bits = DTYPES[type].bits;
  const data = allocateData(type, size) as ArrayBufferView;
  if (bits >= 8) {
    // float8 codes and integers alike: a typed array of the storage class takes them as they are.
    (storageView(type as 'uint8', data) as unknown as { set(a: ArrayLike<number>): void }).set(codes);
    return data as Tensor['data'];
  }
  const bytes = data as Uint8Array;
  if (bits === 4) {
    // Two codes a byte, the first in the low nibble.
    const pairs = size >> 1;
    for (let p = 0; p < pairs; p++) bytes[p] = (codes[2 * p] & 15) | ((codes[2 * p + 1] & 15) << 4);
    if (size & 1) bytes[pairs] = codes[size - 1] & 15;
    return data as Tensor['data'];
  }
  const perByte = 8 / bits;
  const mask = (1 << bits) - 1;
  for (let i = 0; i < size; i++) bytes[(i / perByte) | 0] |= (codes[i] & mask) << (bits * (i % perByte));
  return data as Tensor['data'];
}

/** A TensorProto data type number (output_dtype, precision) as a type name, 0 as undefined. */
export function typeAttribute(context: OpContext, name: string, value: unknown): DataType | undefined {
  if (value === undefined) return undefined;
  const n = integerAttribute(context, name, value, 0);
  if (n === 0) return undefined;
  const type = (Object.keys(DTYPES) as DataType[]).find((t) => DTYPES[t].onnx === n);
  if (type === undefined) throw specError(context, name, `${name} must be a TensorProto data type number (got ${describe(value)})`);
  return type;
}
