// Each common mistake's SpecError says what to do instead (issue: errors
// without the way out). One test per mistake.
import * as tw from 'tessera-wasm';
import { expectSpecError } from './helpers';

beforeAll(() => tw.init());

describe('errors that say what to do instead', () => {
  it('a Tensor of plain numbers points to tw.tensor', () => {
    expectSpecError(() => new tw.Tensor('float32', [1, 2, 3] as never, [3]), 'Tensor', undefined,
      'must be a Float32Array for type float32 (got [1, 2, 3])', "tw.tensor('float32', values, dims) builds one from plain values");
  });

  it('numpy-style byte strides say that strides count elements, with the strides to write', () => {
    // 1000 float32 samples, frames of 160 with a hop of 160, strides given in bytes as numpy shows them.
    const signal = tw.tensor('float32', new Float32Array(1000));
    expectSpecError(() => tw.asStrided(signal, { size: [3, 160], stride: [640, 4] }), 'AsStrided', undefined,
      'must be less than the input\'s element count 1000', 'stride counts elements, not bytes', 'stride: [160, 1]');
    // Strides that are no multiple of the element size, or too large even divided, get no such hint.
    let message = '';
    try {
      tw.asStrided(signal, { size: [2, 2], stride: [999, 1] });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/element count 1000 \(offset 0; the largest term is axis 0's: \(size\[0\] - 1\) \* stride\[0\] = \(2 - 1\) \* 999 = 999\)$/);
    expect(message).not.toMatch(/counts elements/);
  });

  it('runNode Tile with a plain array for repeats says tw.tile takes one', () => {
    const x = tw.tensor('float32', [1, 2]);
    expectSpecError(() => tw.runNode({ opType: 'Tile' }, [x, [2] as never]), 'Tile', 13,
      "repeats must be a 1-D int64 tensor (got [2]): pass tw.tensor('int64', [2]), or call tw.tile(input, repeats), which also takes a plain array");
  });

  it('an opset that resolves to an older version says so', () => {
    const x = tw.tensor('bfloat16', [1]);
    expectSpecError(() => tw.runNode({ opType: 'Tile', opset: 12 }, [x, tw.tensor('int64', [2])]), 'Tile', 6,
      /\(got bfloat16\) \(opset 12 resolves to Tile-6, the newest version <= 12\)$/);
    // An opset naming the version itself adds nothing.
    expectSpecError(() => tw.runNode({ opType: 'Tile', opset: 6 }, [x, tw.tensor('int64', [2])]), 'Tile', 6, /\(got bfloat16\)$/);
  });

  it('says "an int64 output", not "a int64 output"', () => {
    const x = tw.tensor('int64', [1n]);
    expectSpecError(() => tw.tile(x, [2], { out: new Float32Array(2) as never }), 'Tile', 13, 'out must be a BigInt64Array for an int64 output (got Float32Array)');
    expectSpecError(() => tw.tile(tw.tensor('uint8', [1]), [2], { out: new Float32Array(2) as never }), 'Tile', 13, 'for a uint8 output');
  });

  it('a resident tensor of another instance of the library says to copy it out or load one entry', () => {
    // The inline entry is a second instance with its own module memory, as the ESM and CommonJS entries are.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const other = require('../../dist/cjs/inline.cjs') as typeof tw;
    return other.init().then(() => {
      const foreign = other.toResident(other.tensor('float32', [1.5, -2.5]));
      try {
        expectSpecError(() => tw.floor(foreign as never), 'Floor', 13,
          'X is a resident tensor of another instance of tessera-wasm', 'copy it out with .toTensor() first, or load the library through one entry only');
        expect(tw.floor(foreign.toTensor()).toArray()).toEqual([1, -3]);
      } finally {
        foreign.dispose();
      }
    });
  });
});

describe('errors that point to the fast way (issue 38)', () => {
  it('a Float32Array given as float16 data names tw.cast first', () => {
    expectSpecError(() => new tw.Tensor('float16', new Float32Array([1.5]) as never, [1]), 'Tensor', undefined,
      /convert a Float32Array with tw\.cast\(new tw\.Tensor\('float32', data, dims\), 'float16'\), or turn numbers .*tw\.encode/);
    expectSpecError(() => new tw.Tensor('bfloat16', new Float64Array([1.5]) as never, [1]), 'Tensor', undefined, "tw.cast(new tw.Tensor('float64'");
  });

  it.each([['fp16', 'float16'], ['f32', 'float32'], ['fp32', 'float32'], ['half', 'float16'], ['bf16', 'bfloat16'], ['i8', 'int8'], ['torch.float16', 'float16']])(
    'tw.cast(x, %p) suggests %p', (alias, name) => {
      expectSpecError(() => tw.cast(tw.tensor('float32', [1]), alias as never), 'Cast', 25, `did you mean '${name}'?`);
    });
});
