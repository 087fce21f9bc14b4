// The ops the page offers: every op of tw.OPS, each with its descriptor where
// it has one (what its schema cannot say). An op added to the library gets
// a page with no change here; a descriptor is one module and one line below.
import * as tw from 'tessera-wasm';
import { asStrided } from './as-strided.js';
import { bitShift } from './bit-shift.js';
import { cast } from './cast.js';
import { comparison } from './compare.js';
import { compress } from './compress.js';
import { concat } from './concat.js';
import { cumSum } from './cum-sum.js';
import { constantOfShape } from './constant-of-shape.js';
import { depthToSpace, spaceToDepth } from './depth-space.js';
import { dft, stft } from './dft.js';
import { expand } from './expand.js';
import { floor } from './floor.js';
import { gatherND } from './gather-nd.js';
import { melWeightMatrix } from './mel-weight-matrix.js';
import { mod } from './mod.js';
import { nonMaxSuppression } from './non-max-suppression.js';
import { oneHot } from './one-hot.js';
import type { DemoOp, Descriptor, OpType } from './op.js';
import { pad } from './pad.js';
import { pageOf } from './page.js';
import { dequantizeLinear, quantizeLinear } from './quantize.js';
import { range } from './range.js';
import { reshape } from './reshape.js';
import { resize } from './resize.js';
import { scatterND } from './scatter-nd.js';
import { scatter, scatterElements } from './scatter.js';
import { slice } from './slice.js';
import { split } from './split.js';
import { tile } from './tile.js';
import { topK } from './top-k.js';
import { unsqueeze } from './unsqueeze.js';
import { blackmanWindow, hammingWindow, hannWindow } from './windows.js';

const DESCRIPTORS: Partial<Record<string, Descriptor>> = {
  Tile: tile,
  Floor: floor,
  ConstantOfShape: constantOfShape,
  AsStrided: asStrided,
  Cast: cast,
  Equal: comparison,
  Greater: comparison,
  GreaterOrEqual: comparison,
  Less: comparison,
  LessOrEqual: comparison,
  And: comparison,
  Or: comparison,
  Xor: comparison,
  BitShift: bitShift,
  Mod: mod,
  Reshape: reshape,
  Expand: expand,
  Unsqueeze: unsqueeze,
  Concat: concat,
  Split: split,
  Slice: slice,
  Pad: pad,
  DepthToSpace: depthToSpace,
  SpaceToDepth: spaceToDepth,
  GatherND: gatherND,
  ScatterElements: scatterElements,
  Scatter: scatter,
  ScatterND: scatterND,
  Compress: compress,
  OneHot: oneHot,
  TopK: topK,
  CumSum: cumSum,
  NonMaxSuppression: nonMaxSuppression,
  Range: range,
  QuantizeLinear: quantizeLinear,
  DequantizeLinear: dequantizeLinear,
  HannWindow: hannWindow,
  HammingWindow: hammingWindow,
  BlackmanWindow: blackmanWindow,
  MelWeightMatrix: melWeightMatrix,
  DFT: dft,
  STFT: stft,
  Resize: resize,
};

const families = tw.FAMILIES as readonly string[];

/** Every op's page, by family (in tw.FAMILIES's order), then by name. */
export const DEMO_OPS: readonly DemoOp[] = (Object.keys(tw.OPS) as OpType[])
  .map((name) => pageOf(name, DESCRIPTORS[name]))
  .sort((a, b) => families.indexOf(a.family) - families.indexOf(b.family) || a.op.localeCompare(b.op));

/** The op a page opens with when its URL names none. */
export const FIRST_OP: DemoOp = DEMO_OPS.find((o) => o.op === 'Tile') ?? DEMO_OPS[0];

/** The op a URL names: its slug (`constant-of-shape`) or its name in any case (`ConstantOfShape`, `tile`). */
export function opNamed(name: string | null | undefined): DemoOp | undefined {
  if (!name) return undefined;
  const key = name.toLowerCase();
  return DEMO_OPS.find((o) => o.slug === key || o.op.toLowerCase() === key);
}
