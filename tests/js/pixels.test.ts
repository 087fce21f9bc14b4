// Canvas pixels: ImageData.data is a Uint8ClampedArray, taken wherever uint8
// data is (Tensor data, `out`, interop), as onnxruntime-web takes it.
import * as ort from 'onnxruntime-common';
import * as tw from 'tessera-wasm';
import { expectSpecError } from './helpers';

beforeAll(() => tw.init());

// A 2x3 RGBA image, as ImageData.data holds it.
const H = 2, W = 3;
const pixels = () => Uint8ClampedArray.from({ length: H * W * 4 }, (_, i) => (i * 37) % 256);

describe('Uint8ClampedArray as uint8 data', () => {
  it('is a uint8 Tensor\'s data, held as given, and a {type, data, dims} input', () => {
    const data = pixels();
    const t = new tw.Tensor('uint8', data, [H, W, 4]);
    expect(t.data).toBe(data);
    const tiled = tw.tile({ type: 'uint8', data, dims: [H, W, 4] }, [1, 2, 1]);
    expect(Object.prototype.toString.call(tiled.data)).toBe('[object Uint8Array]');  // a fresh result is the storage class
    expect(Array.from(tiled.data.subarray(0, 12))).toEqual(Array.from(data.subarray(0, 12)));
    expect(Array.from(tiled.data.subarray(12, 24))).toEqual(Array.from(data.subarray(0, 12)));
  });

  it('is an `out` for every op with a uint8 output, and the result keeps that class', () => {
    const x = new tw.Tensor('uint8', pixels(), [H, W, 4]);
    const out = new Uint8ClampedArray(H * W * 4 * 2);
    const tiled = tw.tile(x, [2, 1, 1], { out });
    expect(tiled.data).toBe(out);
    expect(Array.from(out)).toEqual([...x.data, ...x.data]);

    // HWC to CHW, the layout a vision model takes: channel c of pixel (h, w) is at (h * W + w) * 4 + c.
    const chw = new Uint8ClampedArray(4 * H * W);
    const planar = tw.asStrided(x, { size: [4, H, W], stride: [1, W * 4, 4], out: chw });
    expect(planar.data).toBe(chw);
    expect(chw[1 * H * W + 1 * W + 2]).toBe(x.data[(1 * W + 2) * 4 + 1]);

    const filled = new Uint8ClampedArray(5);
    expect(tw.constantOfShape([5], tw.tensor('uint8', [255]), { out: filled }).data).toBe(filled);
    expect(Array.from(filled)).toEqual([255, 255, 255, 255, 255]);

    const resident = tw.toResident(x);
    try {
      const back = new Uint8ClampedArray(x.size);
      expect(tw.tile(resident, [1, 1, 1], { out: back }).data).toBe(back);
      expect(Array.from(back)).toEqual(Array.from(x.data));
    } finally {
      resident.dispose();
    }
  });

  it('is uint8 only: bool and the 8-bit float types keep their Uint8Array', () => {
    expectSpecError(() => new tw.Tensor('bool', new Uint8ClampedArray(1) as never, [1]), 'Tensor', undefined, 'must be a Uint8Array for type bool (got Uint8ClampedArray)');
    expectSpecError(() => new tw.Tensor('int8', new Uint8ClampedArray(1) as never, [1]), 'Tensor', undefined, 'must be a Int8Array for type int8');
    expectSpecError(() => tw.asStrided(tw.tensor('float8e4m3fn', [1]), { size: [1], stride: [1], out: new Uint8ClampedArray(1) as never }), 'AsStrided', undefined, 'out must be a Uint8Array for a float8e4m3fn output');
  });

  it('goes to and from onnxruntime, and through a TensorProto', () => {
    const data = pixels();
    const feed = tw.toOrt(ort, new tw.Tensor('uint8', data, [H, W, 4]));
    expect(feed).toBeInstanceOf(ort.Tensor);
    expect(feed.type).toBe('uint8');
    expect(Array.from(feed.data as Uint8Array)).toEqual(Array.from(data));  // onnxruntime copies a Uint8ClampedArray into a Uint8Array
    const fromOrt = tw.tile(new ort.Tensor('uint8', data, [H, W, 4]), [1, 1, 1]);
    expect(Array.from(fromOrt.data)).toEqual(Array.from(data));
    const read = tw.fromTensorProto(tw.toTensorProto(new tw.Tensor('uint8', data, [H, W, 4])));
    expect(read.type).toBe('uint8');
    expect(Array.from(read.data as Uint8Array)).toEqual(Array.from(data));
    expect(new tw.Tensor('uint8', data, [H, W, 4]).toArray<number[][][]>()[1][2]).toEqual(Array.from(data.subarray(20, 24)));
  });
});
