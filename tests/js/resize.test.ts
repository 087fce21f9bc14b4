// Resize's own rules: each version's inputs, modes and attributes, every
// SpecError the spec implies (scales and sizes both or neither, a mode or a
// coordinate transform the version lacks, a roi of the wrong length, bad
// scales, sizes and axes), and small cases worked by hand from the formulas.
import * as tw from 'tessera-wasm';
import { expectSpecError } from './helpers';

beforeAll(() => tw.init());

const f32 = (values: number[], dims: number[]) => tw.tensor('float32', values, dims);
const i64 = (values: number[]) => new tw.Tensor('int64', BigInt64Array.from(values, BigInt), [values.length]);
const run = (inputs: (tw.Tensor | undefined)[], attributes: Record<string, unknown> = {}, opset?: number) =>
  tw.runNode({ opType: 'Resize', attributes, opset }, inputs as tw.Tensor[])[0] as tw.Tensor;
const values = (t: tw.Tensor) => Array.from(t.data as ArrayLike<number>);
const x22 = () => f32([1, 2, 3, 4], [1, 1, 2, 2]);

describe('Resize by hand', () => {
  it('nearest doubles every row and column; linear half_pixel gives the spec example', () => {
    expect(values(tw.resize(x22(), { scales: [1, 1, 2, 2] }))).toEqual([1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
    expect(values(tw.resize(x22(), { scales: [1, 1, 2, 2], mode: 'linear' })))
      .toEqual([1, 1.25, 1.75, 2, 1.5, 1.75, 2.25, 2.5, 2.5, 2.75, 3.25, 3.5, 3, 3.25, 3.75, 4]);
  });
  it('align_corners keeps the corners; asymmetric starts at row 0', () => {
    const y = tw.resize(f32([0, 3], [2]), { sizes: [4], mode: 'linear', coordinateTransformationMode: 'align_corners' });
    expect(values(y)).toEqual([0, 1, 2, 3]);
    expect(values(tw.resize(f32([0, 4], [2]), { scales: [2], mode: 'linear', coordinateTransformationMode: 'asymmetric' }))).toEqual([0, 2, 4, 4]);
  });
  it('each nearest_mode breaks the tie at .5 its own way', () => {
    // asymmetric at scale 2/3: x_original = 0, 1.5, 3 for outputs 0..2 of a length-4 axis resized to... 0, 1.5
    const x = f32([10, 20, 30, 40], [4]);
    const at = (nearestMode: string) => values(tw.resize(x, { sizes: [3], coordinateTransformationMode: 'asymmetric', nearestMode: nearestMode as never }));
    // scale 3/4: x_original = 0, 4/3, 8/3
    expect(at('round_prefer_floor')).toEqual([10, 20, 40]);
    expect(at('floor')).toEqual([10, 20, 30]);
    expect(at('ceil')).toEqual([10, 30, 40]);
    const half = (nearestMode: string) => values(tw.resize(f32([10, 20], [2]), { scales: [4], coordinateTransformationMode: 'asymmetric', nearestMode: nearestMode as never }));
    expect(half('round_prefer_floor')).toEqual([10, 10, 10, 20, 20, 20, 20, 20]);
    expect(half('round_prefer_ceil')).toEqual([10, 10, 20, 20, 20, 20, 20, 20]);
  });
  it('tf_crop_and_resize samples the roi and writes extrapolation_value outside it', () => {
    const y = tw.resize(f32([0, 10, 20, 30, 40], [5]), {
      sizes: [3], roi: [-0.25, 1.25], mode: 'linear', coordinateTransformationMode: 'tf_crop_and_resize', extrapolationValue: -1,
    });
    expect(values(y)).toEqual([-1, 20, -1]);
  });
  it('uint8 linear rounds half to even and never leaves [0, 255]', () => {
    const y = tw.resize(tw.tensor('uint8', [0, 1, 255, 3], [4]), { scales: [2], mode: 'linear', coordinateTransformationMode: 'asymmetric' });
    // asymmetric x2: midpoints 0.5 -> 0, 128 -> 128, 129 -> 129 (128.0 + 1 = (255 + 3) / 2)
    expect(values(y)).toEqual([0, 0, 1, 128, 255, 129, 3, 3]);
    const c = tw.resize(tw.tensor('uint8', [0, 255, 255, 0], [4]), { sizes: [7], mode: 'cubic' });
    expect(values(c).every((v) => v >= 0 && v <= 255)).toBe(true);
    expect(Math.max(...values(c))).toBe(255); // cubic overshoot saturates
  });
  it('antialias stretches linear\'s triangle by 1 / scale when shrinking (8 taps at scale 1/4)', () => {
    const x = f32([0, 0, 0, 8, 0, 0, 0, 0], [8]);
    // x_original 1.5 and 5.5: plain linear reads rows 1, 2 and 5, 6 and misses the 8 at row 3.
    expect(values(tw.resize(x, { scales: [0.25], mode: 'linear' }))).toEqual([0, 0]);
    // Antialiased: weights 1 - |(row - x) / 4| over rows x - 3.5 .. x + 3.5, summing to 4; row 3 weighs 0.625, then 0.375.
    expect(values(tw.resize(x, { scales: [0.25], mode: 'linear', antialias: true }))).toEqual([1.25, 0.75]);
  });
  it('axes and keep_aspect_ratio_policy (18) resize only the axes named, keeping the ratio', () => {
    const x = tw.tensor('float32', new Array(2 * 4 * 6).fill(1), [2, 4, 6]);
    expect(tw.resize(x, { sizes: [2, 3], axes: [1, 2], keepAspectRatioPolicy: 'not_larger' }).dims).toEqual([2, 2, 3]);
    expect(tw.resize(x, { sizes: [2, 2], axes: [-2, -1], keepAspectRatioPolicy: 'not_smaller' }).dims).toEqual([2, 2, 3]);
    expect(tw.resize(x, { sizes: [8], axes: [2] }).dims).toEqual([2, 4, 8]);
  });
  it('float16 and bfloat16 compute in float32 and round once', () => {
    const h = tw.resize(tw.tensor('float16', [1, 2], [2]), { scales: [2], mode: 'linear' });
    expect(Array.from(h.toArray() as ArrayLike<number>)).toEqual([1, 1.25, 1.75, 2]);
    const b = tw.resize(tw.tensor('bfloat16', [1, 2], [2]), { scales: [2], mode: 'linear' });
    expect(Array.from(b.toArray() as ArrayLike<number>)).toEqual([1, 1.25, 1.75, 2]);
  });
  it('strings, bools and complex take nearest', () => {
    const s = tw.resize(tw.tensor('string', ['a', 'b'], [2]), { scales: [2] });
    expect(s.data).toEqual(['a', 'a', 'b', 'b']);
    expectSpecError(() => tw.resize(tw.tensor('string', ['a', 'b'], [2]), { scales: [2], mode: 'linear' }), 'Resize', 19, /takes only 'nearest'/);
  });
});

describe('Resize versions', () => {
  it('10 takes X and scales, nearest or linear, asymmetric', () => {
    const x = f32([0, 4], [2]);
    expect(values(run([x, f32([2], [1])], { mode: 'linear' }, 10))).toEqual([0, 2, 4, 4]);
    expectSpecError(() => run([x, f32([2], [1])], { mode: 'cubic' }, 10), 'Resize', 10, /mode must be one of 'nearest', 'linear'/);
  });
  it('11 marks an absent scales by an empty one and knows tf_half_pixel_for_nn; 13 does not', () => {
    const x = f32([1, 2], [2]);
    const empty = f32([], [0]);
    expect(values(run([x, empty, empty, i64([4])], {}, 11))).toEqual([1, 1, 2, 2]);
    expect(values(run([x, empty, f32([2], [1])], { coordinate_transformation_mode: 'tf_half_pixel_for_nn' }, 11))).toEqual([1, 2, 2, 2]);
    expectSpecError(() => run([x, undefined, f32([2], [1])], { coordinate_transformation_mode: 'tf_half_pixel_for_nn' }, 13), 'Resize', 13, /coordinate_transformation_mode/);
  });
  it('half_pixel_symmetric is 19\'s; antialias and axes are 18\'s', () => {
    const x = f32([1, 2, 3], [3]);
    expectSpecError(() => run([x, undefined, f32([2], [1])], { coordinate_transformation_mode: 'half_pixel_symmetric' }, 18), 'Resize', 18, /half_pixel_symmetric/);
    expect(run([x, undefined, f32([2], [1])], { coordinate_transformation_mode: 'half_pixel_symmetric' }, 19).dims).toEqual([6]);
    // 13 ignores (does not know) axes: the scales are per axis of X.
    expect(run([f32([1, 2], [1, 2]), undefined, undefined, i64([1, 4])], {}, 13).dims).toEqual([1, 4]);
  });
});

describe('Resize errors', () => {
  it('scales and sizes both, or neither', () => {
    expectSpecError(() => run([x22(), undefined, f32([1, 1, 2, 2], [4]), i64([1, 1, 4, 4])]), 'Resize', 19, /scales or sizes, not both/);
    expectSpecError(() => run([x22()]), 'Resize', 19, /give scales or sizes/);
    expectSpecError(() => tw.resize(x22(), {}), 'Resize', 19, /give scales or sizes/);
  });
  it('a roi of the wrong length, or none for tf_crop_and_resize', () => {
    expectSpecError(() => tw.resize(x22(), { scales: [1, 1, 2, 2], roi: [0, 1] }), 'Resize', 19, /roi must have 8 values/);
    expectSpecError(() => tw.resize(x22(), { scales: [1, 1, 2, 2], coordinateTransformationMode: 'tf_crop_and_resize' }), 'Resize', 19, /needs a roi/);
  });
  it('scales or sizes of the wrong length or value; bad axes; unknown modes', () => {
    expectSpecError(() => tw.resize(x22(), { scales: [2, 2] }), 'Resize', 19, /scales must have 4 values/);
    expectSpecError(() => tw.resize(x22(), { scales: [1, 1, 0, 2] }), 'Resize', 19, /positive/);
    expectSpecError(() => tw.resize(x22(), { sizes: [1, 1, -1, 2] }), 'Resize', 19, /non-negative/);
    expectSpecError(() => tw.resize(x22(), { sizes: [2, 2], axes: [2, 2] }), 'Resize', 19, /must not repeat/);
    expectSpecError(() => tw.resize(x22(), { sizes: [2], axes: [4] }), 'Resize', 19, /axes must lie in/);
    expectSpecError(() => tw.resize(x22(), { scales: [1, 1, 2, 2], mode: 'bicubic' as never }), 'Resize', 19, /mode must be one of/);
    expectSpecError(() => tw.resize(x22(), { scales: [1, 1, 2, 2], nearestMode: 'up' as never }), 'Resize', 19, /nearest_mode/);
    expectSpecError(() => run([x22(), undefined, f32([1, 1, 2, 2], [4])], { exclude_outside: 2 }), 'Resize', 19, /exclude_outside must be 0 or 1/);
  });
  it('a huge output from a tiny input, and an empty axis resized to a non-empty one', () => {
    expectSpecError(() => tw.resize(f32([1], [1, 1]), { sizes: [2 ** 20, 2 ** 20] }), 'Resize', 19, /more than WebAssembly memory can hold/);
    expectSpecError(() => tw.resize(f32([], [0]), { sizes: [3] }), 'Resize', 19, /empty input/);
  });
});

describe('Resize limits', () => {
  it('a scale making a huge output is a SpecError; a 64 to 1 antialiased cubic spans the whole axis', () => {
    expectSpecError(() => run([f32([1, 2], [2]), undefined, f32([2 ** 30], [1])], { mode: 'linear' }), 'Resize', 19, /more than WebAssembly memory/);
    const x = tw.tensor('float32', new Array(64).fill(1), [64]);
    expect(values(tw.resize(x, { sizes: [1], mode: 'cubic', antialias: true }))).toEqual([1]);
  });
});

describe('Resize options', () => {
  it('sizes, scales and roi must hold numbers (sizes integers): SpecErrors, not RangeErrors', () => {
    expectSpecError(() => tw.resize(x22(), { sizes: [1, 1, 1.5, 2] }), 'Resize', 19, /options.sizes must hold integers/);
    expectSpecError(() => tw.resize(x22(), { scales: [1, 1, '2', 2] as never }), 'Resize', 19, /options.scales must hold numbers/);
    expectSpecError(() => tw.resize(x22(), { scales: 2 as never }), 'Resize', 19, /options.scales must be an array/);
    expect(tw.resize(x22(), { sizes: [1n, 1n, 3n, 3n] }).dims).toEqual([1, 1, 3, 3]);
  });
});
