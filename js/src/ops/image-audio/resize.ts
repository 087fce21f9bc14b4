// ONNX Resize, every version: nearest, linear and cubic (antialiased from
// 18) in any number of dims, separable: one kernel pass per resized axis
// (cpp/src/kernels/resize.cc) over the tables resize-plan.ts computes once
// per call. Filters sum in float64; float16 and bfloat16 run in float32.
import { DTYPES, type DataType, elementBytes } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import { type Tensor, type TensorLike, resultOf } from '../../tensor.js';
import { heapView, requireReady } from '../../wasm.js';
import { LIMITS } from '../../generated/limits.js';
import { outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type ComputeOps, dispatch } from '../dispatch.js';
import { type OutOf, checkOut, opOptions } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6, FLOATS, extend } from '../type-sets.js';
import { decodeStorage } from '../../formats.js';
import { choiceAttribute, emit, floatAttribute, intAttribute } from './common.js';
import { type AxisTable, type CoordinateMode, type NearestMode, type ResizeMode, type ResizeSettings, axisTable, tapsOf } from './resize-plan.js';
import { readResizeInputs } from './resize-inputs.js';

const T2 = FLOATS;
const MODES_10 = ['nearest', 'linear'] as const;
const MODES = ['nearest', 'linear', 'cubic'] as const;
const NEAREST = ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'] as const;
const COORDS_11 = ['half_pixel', 'pytorch_half_pixel', 'align_corners', 'asymmetric', 'tf_half_pixel_for_nn', 'tf_crop_and_resize'] as const;
const COORDS_13 = ['half_pixel', 'pytorch_half_pixel', 'align_corners', 'asymmetric', 'tf_crop_and_resize'] as const;
const COORDS_19 = /* @__PURE__ */ extend(COORDS_13, ['half_pixel_symmetric']);
const ATTRS_11 = ['coordinate_transformation_mode', 'cubic_coeff_a', 'exclude_outside', 'extrapolation_value', 'mode', 'nearest_mode'];
const ATTRS_18 = /* @__PURE__ */ extend(/* @__PURE__ */ extend(['antialias', 'axes'], ATTRS_11), ['keep_aspect_ratio_policy']);
const INPUTS = ['X', 'roi', 'scales', 'sizes'];

export const RESIZE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Resize',
  domain: 'ai.onnx',
  versioned: true,
  family: 'image and audio',
  summary: 'Resamples a tensor to new sizes or scales: nearest, (anti-aliased) linear or cubic, in any number of dims.',
  named: 'resize',
  versions: [
    { since: 10, inputs: ['X', 'scales'], required: 2, outputs: ['Y'], attributes: ['mode'], types: { T: ALL_TYPES_V6 } },
    { since: 11, inputs: INPUTS, required: 3, outputs: ['Y'], attributes: ATTRS_11, types: { T1: ALL_TYPES_V6, T2 } },
    { since: 13, inputs: INPUTS, required: 1, outputs: ['Y'], attributes: ATTRS_11, types: { T1: ALL_TYPES_V13, T2 } },
    { since: 18, inputs: INPUTS, required: 1, outputs: ['Y'], attributes: ATTRS_18, types: { T1: ALL_TYPES_V13, T2 } },
    { since: 19, inputs: INPUTS, required: 1, outputs: ['Y'], attributes: ATTRS_18, types: { T1: ALL_TYPES_V13, T2 } },
  ],
  run: (version, inputs, attributes) => runResize(version, inputs, attributes),
}));

function runResize(version: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>, out?: unknown): Tensor | ResidentTensor {
    const context: OpContext = { op: 'Resize', version: version.since };
    const v = version.since;
    const [x, roi, scales, sizes] = v === 10 ? [inputs[0], undefined, inputs[1], undefined] : inputs;
    const mode = choiceAttribute<ResizeMode>(context, attributes, 'mode', v === 10 ? MODES_10 : MODES, 'nearest');
    const settings: ResizeSettings = v === 10
      ? { mode, coordinates: 'asymmetric', nearest: 'simple', cubicA: -0.75, excludeOutside: false, antialias: false }
      : {
        mode,
        coordinates: choiceAttribute<CoordinateMode>(context, attributes, 'coordinate_transformation_mode',
          v === 11 ? COORDS_11 : v < 19 ? COORDS_13 : COORDS_19, 'half_pixel'),
        nearest: choiceAttribute<NearestMode>(context, attributes, 'nearest_mode', NEAREST, 'round_prefer_floor'),
        cubicA: floatAttribute(context, attributes, 'cubic_coeff_a', -0.75),
        excludeOutside: intAttribute(context, attributes, 'exclude_outside', 0, [0, 1]) === 1,
        antialias: v >= 18 && intAttribute(context, attributes, 'antialias', 0, [0, 1]) === 1,
      };
    const axes = v >= 18 && attributes.axes !== undefined ? attributeAxes(context, attributes.axes) : undefined;
    const policy = v >= 18 ? choiceAttribute(context, attributes, 'keep_aspect_ratio_policy', ['stretch', 'not_larger', 'not_smaller'] as const, 'stretch') : 'stretch';
    const extrapolation = v === 10 ? 0 : floatAttribute(context, attributes, 'extrapolation_value', 0);
    return resizeWith(context, version, x, { roi, scales, sizes, axes, policy, extrapolation, settings }, out);
}

function attributeAxes(context: OpContext, value: unknown): number[] {
  if (!Array.isArray(value)) throw specError(context, 'axes', `axes must be a list of integers (got ${describe(value)})`);
  return value.map((a) => {
    const n = typeof a === 'bigint' ? Number(a) : a;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw specError(context, 'axes', `axes must be integers (got ${describe(a)})`);
    return n;
  });
}

/** tw.resize's options: Resize-19's optional inputs and attributes, camelCased. */
export interface ResizeOptions<T extends DataType = DataType> {
  /** Write the result here: a typed array (or string array) of X's storage class and the output's length. */
  out?: OutOf<T>;
  /** A scale per resized axis (> 0): out = floor(in * scale). Give scales or sizes, not both. */
  scales?: readonly number[] | Float32Array;
  /** The output length of each resized axis. */
  sizes?: readonly (number | bigint)[] | BigInt64Array;
  /** tf_crop_and_resize's region: [start..., end...] over the resized axes, normalized to the input. */
  roi?: readonly number[] | Float32Array | Float64Array;
  /** 'nearest' (default), 'linear' or 'cubic'. */
  mode?: ResizeMode;
  /** How an output coordinate maps to the input (default 'half_pixel'). */
  coordinateTransformationMode?: Exclude<CoordinateMode, 'tf_half_pixel_for_nn'>;
  /** Nearest's rounding (default 'round_prefer_floor'). */
  nearestMode?: Exclude<NearestMode, 'simple'>;
  /** Cubic's a (default -0.75). */
  cubicCoeffA?: number;
  /** Zero the weights of rows outside the input and renormalize (default false). */
  excludeOutside?: boolean;
  /** tf_crop_and_resize's value outside the input (default 0). */
  extrapolationValue?: number;
  /** Stretch linear and cubic filters by 1 / scale when downscaling, as PIL does (default false). */
  antialias?: boolean;
  /** The axes scales, sizes and roi refer to (default every axis). */
  axes?: readonly number[];
  /** With sizes: 'stretch' (default), or keep the aspect ratio: 'not_larger' or 'not_smaller'. */
  keepAspectRatioPolicy?: 'stretch' | 'not_larger' | 'not_smaller';
}

/**
 * ONNX Resize-19: every output value a weighted sum of input values near
 * x_original (the coordinate transform), per axis. Nearest is exact; linear
 * and cubic sum in float64 (within 1 ulp for float32); uint8 and the other
 * integers round half to even and saturate.
 *
 * @example tw.resize(image, { sizes: [1, 3, 224, 224], mode: 'linear', antialias: true })
 */
export function resize<T extends ResidentType>(x: ResidentTensor<T>, options?: ResizeOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function resize<T extends ResidentType>(x: ResidentTensor<T>, options: ResizeOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function resize<T extends DataType>(x: TensorLike<T>, options?: ResizeOptions<T>): Tensor<T>;
export function resize(x: TensorLike | ResidentTensor, options?: ResizeOptions): Tensor | ResidentTensor {
  requireReady();
  const version = newestOf(RESIZE_OP);
  const context: OpContext = { op: 'Resize', version: version.since };
  const own = opOptions(context, options, ['scales', 'sizes', 'roi', 'mode', 'coordinateTransformationMode', 'nearestMode',
    'cubicCoeffA', 'excludeOutside', 'extrapolationValue', 'antialias', 'axes', 'keepAspectRatioPolicy']);
  const attributes: Record<string, unknown> = Object.create(null);  // no prototype: an inherited antialias is not the caller's
  const names: Record<string, string> = {
    mode: 'mode', coordinateTransformationMode: 'coordinate_transformation_mode', nearestMode: 'nearest_mode',
    cubicCoeffA: 'cubic_coeff_a', extrapolationValue: 'extrapolation_value', axes: 'axes', keepAspectRatioPolicy: 'keep_aspect_ratio_policy',
  };
  for (const key of Object.keys(names)) {
    const value = own[key as keyof typeof own];
    if (value !== undefined) attributes[names[key]] = value;
  }
  for (const key of ['excludeOutside', 'antialias'] as const) {
    const value = own[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw specError(context, key, `options.${key} must be a boolean (got ${describe(value)})`);
    attributes[key === 'antialias' ? 'antialias' : 'exclude_outside'] = value ? 1 : 0;
  }
  // roi, scales and sizes as the tensors runNode takes: float64, float32 (ONNX's scales are float32) and int64.
  const list = (name: string, value: unknown, type: 'float32' | 'float64' | 'int64') => {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) && !ArrayBuffer.isView(value)) throw specError(context, name, `options.${name} must be an array (got ${describe(value)})`);
    const items = Array.from(value as ArrayLike<unknown>);
    if (type === 'int64') {
      const data = BigInt64Array.from(items, (v) => {
        if (typeof v === 'bigint' || (typeof v === 'number' && Number.isSafeInteger(v))) return BigInt(v);
        throw specError(context, name, `options.${name} must hold integers (got ${describe(v)})`);
      });
      return { type, data, dims: [items.length] };
    }
    const numbers = items.map((v) => {
      if (typeof v !== 'number') throw specError(context, name, `options.${name} must hold numbers (got ${describe(v)})`);
      return v;
    });
    const data = type === 'float32' ? Float32Array.from(numbers) : Float64Array.from(numbers);
    return { type, data, dims: [items.length] };
  };
  const inputs = [x, list('roi', own.roi, 'float64'), list('scales', own.scales, 'float32'), list('sizes', own.sizes, 'int64')];
  return runResize(version, inputs, attributes, own.out);
}

export interface ResizeCall {
  roi: unknown; scales: unknown; sizes: unknown; axes: number[] | undefined;
  policy: 'stretch' | 'not_larger' | 'not_smaller'; extrapolation: number; settings: ResizeSettings;
}

interface ResizeArgs {
  readonly passes: readonly Pass[];
  readonly tables: readonly Uint8Array[];
  readonly buffers: number;
  readonly elementSize: number;
}

interface Pass {
  readonly outer: number; readonly nIn: number; readonly nOut: number; readonly inner: number;
  readonly table: AxisTable; readonly xType: number; readonly yType: number;
}

const NEAREST_OPS: ComputeOps<ResizeArgs> = { kernel: (k, xs, ys, a, work) => runPasses(k, xs[0]!, ys[0], a, work, true), workBytes };
const FILTER_OPS: ComputeOps<ResizeArgs> = { kernel: (k, xs, ys, a, work) => runPasses(k, xs[0]!, ys[0], a, work, false), workBytes };

function workBytes(a: ResizeArgs): number {
  let bytes = 0;
  for (const t of a.tables) bytes += align8(t.length);
  return bytes + 2 * align8(a.buffers);
}
const align8 = (n: number) => Math.ceil(n / 8) * 8;

function runPasses(k: Parameters<ComputeOps<ResizeArgs>['kernel']>[0], x: number, y: number, a: ResizeArgs, work: number, nearest: boolean): void {
  const tableAt: number[] = [];
  let at = work;
  for (const t of a.tables) {
    heapView(Uint8Array, at, t.length).set(t);
    tableAt.push(at);
    at += align8(t.length);
  }
  const buffers = [at, at + align8(a.buffers)];
  let from = x;
  for (let i = 0; i < a.passes.length; i++) {
    const p = a.passes[i];
    const to = i === a.passes.length - 1 ? y : buffers[i % 2];
    if (nearest) k.resizeNearest(from, to, a.elementSize, p.outer, p.nIn, p.nOut, p.inner, tableAt[i]);
    else k.resizeFilter(from, to, p.xType, p.yType, p.outer, p.nIn, p.nOut, p.inner, p.table.taps, tableAt[i]);
    from = to;
  }
}

/** The ONNX numbers the filter kernel takes. */
const FILTER_TYPES: readonly DataType[] = ['float32', 'float64', 'uint8', 'int8', 'uint16', 'int16', 'int32', 'int64', 'uint32', 'uint64'];

function resizeWith(context: OpContext, version: OpVersion, value: unknown, call: ResizeCall, out: unknown): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'X');
  const types = version.types.T1 ?? version.types.T;
  requireType(context, 'X', x.type, types);
  const { settings } = call;
  const resized = readResizeInputs(context, version, x.dims, call);
  const dims = resized.map((a) => a.nOut);
  const type = x.type as DataType;
  const size = outputSize(context, call.sizes === undefined ? 'scales' : 'sizes', dims, elementBytes(type));
  if (x.size === 0 && size > 0) throw specError(context, 'X', `an empty input cannot be resized to the non-empty dims [${dims.join(', ')}]`);
  const nearest = settings.mode === 'nearest';
  const filterType: DataType = type === 'float16' || type === 'bfloat16' ? 'float32' : type;
  if (!nearest && !FILTER_TYPES.includes(filterType)) {
    throw specError(context, 'mode', `mode '${settings.mode}' takes numeric input; ${type} takes only 'nearest'`);
  }
  if (type === 'string') return resizeStrings(context, x, resized.map((a) => axisTable(settings, a)), dims, size, out);
  const checkedOut = out === undefined ? undefined : checkOut(context, out, type, size, { inputs: [['X', x]], inPlace: false });
  // Passes: the shrinking axes first (smaller intermediates), identities skipped.
  const order = resized.map((_, i) => i).sort((i, j) => resized[i].nOut / Math.max(resized[i].nIn, 1) - resized[j].nOut / Math.max(resized[j].nIn, 1));
  const current = x.dims.slice();
  const passes: Pass[] = [];
  const tables: Uint8Array[] = [];
  let buffers = 0;
  const width = nearest ? elementBytes(type) : 8;
  const xNumber = DTYPES[filterType].onnx;
  for (const axis of order) {
    // A table is 12 bytes a tap (an index and a float64 weight): an antialiased shrink by a tiny scale has many.
    const tableBytes = tapsOf(settings, resized[axis]) * resized[axis].nOut * 12;
    if (tableBytes > LIMITS.memoryBytes) {
      throw specError(context, call.sizes === undefined ? 'scales' : 'sizes', `axis ${axis}'s filter table needs ${tableBytes} bytes, more than WebAssembly memory can hold (${LIMITS.memoryBytes} bytes)`);
    }
    const table = axisTable(settings, resized[axis]);
    if (table.identity || size === 0) continue;
    let outer = 1;
    for (let i = 0; i < axis; i++) outer *= current[i];
    let inner = 1;
    for (let i = axis + 1; i < current.length; i++) inner *= current[i];
    current[axis] = resized[axis].nOut;
    passes.push({ outer, nIn: resized[axis].nIn, nOut: resized[axis].nOut, inner, table, xType: passes.length === 0 ? xNumber : 11, yType: 11 });
    tables.push(nearest ? nearestTable(context, type, table, call.extrapolation) : filterTable(table, call.extrapolation));
    buffers = Math.max(buffers, outer * resized[axis].nOut * inner * width);
  }
  if (passes.length === 0 && size > 0) {
    // Every axis the identity: one copy.
    const table: AxisTable = { taps: 1, index: Int32Array.of(0), weights: Float64Array.of(1), identity: true };
    passes.push({ outer: 1, nIn: 1, nOut: 1, inner: size, table, xType: xNumber, yType: 11 });
    tables.push(nearest ? nearestTable(context, type, table, 0) : filterTable(table, 0));
  }
  if (passes.length > 0) passes[passes.length - 1] = { ...passes[passes.length - 1], yType: xNumber };
  const args: ResizeArgs = { passes, tables, buffers, elementSize: elementBytes(type) };
  const ops = nearest ? NEAREST_OPS : FILTER_OPS;
  if (filterType !== type && !nearest) {
    // float16 and bfloat16: computed in float32, rounded once into the type.
    const plain = ResidentTensor.isResident(x) ? x.toTensor() : x;
    const values = Float32Array.from(floatValuesOf(plain));
    const y = dispatch({ kind: 'compute', context, inputs: [['X', resultOf('float32', values as never, plain.dims, plain.size)]],
      outputs: [{ type: 'float32', dims, size }], ops, args }) as Tensor;
    return emit(context, type, y.data as Float32Array, dims, ResidentTensor.isResident(x), checkedOut);
  }
  return dispatch({ kind: 'compute', context, inputs: [['X', x]], outputs: [{ type: type as ResidentType, dims, size }], ops, args }, checkedOut);
}

function floatValuesOf(t: Tensor): ArrayLike<number> {
  return decodeStorage(t.type as 'float16' | 'bfloat16', t.data as ArrayBufferView, t.size);
}

function filterTable(t: AxisTable, extrapolation: number): Uint8Array {
  const n = t.index.length;
  const bytes = new Uint8Array(8 + n * 8 + n * 4);
  const view = new DataView(bytes.buffer);
  view.setFloat64(0, extrapolation, true);
  new Float64Array(bytes.buffer, 8, n).set(t.weights!);
  new Int32Array(bytes.buffer, 8 + n * 8, n).set(t.index);
  return bytes;
}

function nearestTable(context: OpContext, type: DataType, t: AxisTable, extrapolation: number): Uint8Array {
  const n = t.index.length;
  const bytes = new Uint8Array(16 + n * 4);
  if (extrapolation !== 0 && t.index.includes(-1)) {
    const real = type === 'complex64' ? 'float32' : type === 'complex128' ? 'float64' : type;
    const e = emit(context, real, Float64Array.of(extrapolation), [1], false) as Tensor;
    const data = e.data as ArrayBufferView;
    bytes.set(new Uint8Array(data.buffer, data.byteOffset, Math.min(data.byteLength, 16)));
  }
  new Int32Array(bytes.buffer, 16, n).set(t.index);
  return bytes;
}

function resizeStrings(context: OpContext, x: Tensor | ResidentTensor, tables: AxisTable[], dims: number[], size: number, out: unknown): Tensor {
  const plain = ResidentTensor.isResident(x) ? x.toTensor() : x;
  const data = plain.data as string[];
  const checked = out === undefined ? undefined : checkOut(context, out, 'string', size, { inputs: [['X', plain]], inPlace: false });
  const y: string[] = (checked?.array as string[] | undefined) ?? new Array<string>(size);
  const rank = dims.length;
  const inStrides = new Array<number>(rank).fill(1);
  for (let i = rank - 2; i >= 0; i--) inStrides[i] = inStrides[i + 1] * plain.dims[i + 1];
  const coord = new Array<number>(rank).fill(0);
  for (let o = 0; o < size; o++) {
    let at = 0;
    let outside = false;
    for (let i = 0; i < rank; i++) {
      const row = tables[i].index[coord[i]];
      if (row < 0) outside = true;
      at += row * inStrides[i];
    }
    y[o] = outside ? '' : data[at];
    for (let i = rank - 1; i >= 0; i--) {
      if (++coord[i] < dims[i]) break;
      coord[i] = 0;
    }
  }
  return resultOf('string', y as never, dims, size);
}
