// init({ float16Array }) in every engine: where the runtime has Float16Array,
// `true` makes every float16 result (op outputs, toTensor(), tw.tensor,
// fromTensorProto, runNode) a Float16Array holding the same bit patterns as
// the default Uint16Array, an `out` keeps the class it was given, and `false`
// goes back; where it has none, `true` rejects saying so.
import { mismatch } from './checks.mjs';

const tag = (value) => Object.prototype.toString.call(value).slice(8, -1);
const bits = (data) => Array.from(new Uint16Array(data.buffer, data.byteOffset, data.length));

export async function float16Checks({ tw, checks, log }) {
  if (typeof globalThis.Float16Array !== 'function') {
    log('float16Array: this engine has no Float16Array: checked that init({ float16Array: true }) rejects');
    await checks.run('init({ float16Array: true }) rejects where the runtime has no Float16Array', async () => {
      let message = 'init resolved';
      try {
        await tw.init({ float16Array: true });
      } catch (error) {
        message = String(error?.message);
      }
      if (!message.includes('this runtime has no Float16Array')) throw mismatch(message);
    });
    return;
  }
  log('float16Array: this engine has Float16Array: checked the results of init({ float16Array: true })');
  // Values with every class of bit pattern: -0, a subnormal, Infinity, NaN, the largest finite.
  const x = tw.tensor('float16', [1.5, -2.5, -0, 6e-8, Infinity, NaN, 65504, -0.1]);
  const calls = {
    'floor': () => tw.floor(x),
    'tile': () => tw.tile(x, [2]),
    'asStrided': () => tw.asStrided(x, { size: [4], stride: [2] }),
    'constantOfShape': () => tw.constantOfShape([3], tw.tensor('float16', [-0.5])),
    'runNode Floor-6': () => tw.runNode({ opType: 'Floor', opset: 6 }, [x])[0],
    'toResident(x).toTensor()': () => {
      const r = tw.toResident(x);
      try {
        return r.toTensor();
      } finally {
        r.dispose();
      }
    },
    'tw.tensor': () => tw.tensor('float16', [1.5, -0, 0.1]),
    // Cast's JS twin writes codes: through the storage class, never as values into a Float16Array (issue 34, finding 4).
    'cast float64 -> float16': () => tw.cast(tw.tensor('float64', [1, 2.5, -3, -0, 65520, NaN]), 'float16'),
    'cast int32 -> float16': () => tw.cast(tw.tensor('int32', [1, -2, 70000]), 'float16'),
    'cast string -> float16': () => tw.cast(tw.tensor('string', ['1', '2.5', '-INF']), 'float16'),
    'cast float32 -> float16': () => tw.cast(tw.tensor('float32', [1, 2.5, -3]), 'float16'),
    'castLike float64 -> float16': () => tw.castLike(tw.tensor('float64', [1, 2.5, -3]), x),
    'runNode Cast-25': () => tw.runNode({ opType: 'Cast', opset: 25, attributes: { to: 10 } }, [tw.tensor('float64', [1, 2.5, -3])])[0],
    'cast resident float64 -> float16': () => {
      const r = tw.toResident(tw.tensor('float64', [1, 2.5, -3]));
      const y = tw.cast(r, 'float16');
      try {
        return y.toTensor();
      } finally {
        r.dispose();
        y.dispose();
      }
    },
    'fromTensorProto': () => tw.fromTensorProto(tw.toTensorProto(x)),
  };
  const expected = Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, bits(call().data)]));
  await checks.run('init({ float16Array: true }): every float16 result is a Float16Array of the same bits', async () => {
    await tw.init({ float16Array: true });
    try {
      for (const [name, call] of Object.entries(calls)) {
        const { data } = call();
        if (tag(data) !== 'Float16Array') throw mismatch(`${name}: data is a ${tag(data)}`);
        if (bits(data).join() !== expected[name].join()) throw mismatch(`${name}: bits ${bits(data)}, expected ${expected[name]}`);
      }
      const out = new Uint16Array(x.size);
      if (tw.floor(x, { out }).data !== out) throw mismatch('an out Uint16Array was not kept');
      if (tag(tw.tile(x, [1]).data) !== 'Float16Array') throw mismatch('the option did not hold');
    } finally {
      await tw.init({ float16Array: false });
    }
    const back = tw.floor(x).data;
    if (tag(back) !== 'Uint16Array') throw mismatch(`after float16Array: false, floor gives a ${tag(back)}`);
  });
}
