// The measurement of bench/casts.mjs, without Node imports, so that the same
// code runs in Node and in the browser pages (bench/casts-page.html): tw.cast
// against a plain JS loop doing the same conversion exactly, each loop checked
// against tw.cast's output before it is timed, interleaved round after round.
/**
 * @param tw           the build measured (its init() done)
 * @param base         another build timed in the same rounds, or undefined
 * @param kernelPairs  the "from>to" pairs a kernel serves (generated/casts.js)
 * @returns rows { pair, path, tessera, js, base } in ms (medians)
 */
export async function measureCasts({ tw, base, n, rounds, only, kernelPairs, log = () => {} }) {
  // ---------------------------------------------------------------- inputs
  let seed = 1;
  const next = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  // float32 spread over every float8 range: magnitudes 2^-12 .. 2^17, both signs, a few zeros.
  const floats = Float32Array.from({ length: n }, () => (next() < 0.5 ? -1 : 1) * 2 ** (next() * 29 - 12));
  const smallFloats = Float32Array.from({ length: n }, () => (next() - 0.5) * 20);  // int4 range and past it
  const wideFloats = Float32Array.from({ length: n }, () => (next() - 0.5) * 140000);  // int16/uint16 range and past it
  const bytes = Uint8Array.from({ length: n }, () => (next() * 256) | 0);
  const halves = Uint16Array.from({ length: n }, () => (next() * 65536) | 0);
  const nibbles = Uint8Array.from({ length: n / 2 }, () => (next() * 256) | 0);

  // ---------------------------------------------------------------- plain JS loops
  const f32 = new Float32Array(1);
  const u32 = new Uint32Array(f32.buffer);
  // float8 formats: mantissa bits, bias, largest finite code, NaN code, -0 kept.
  const F8 = {
    float8e4m3fn: { m: 3, bias: 7, max: 0x7e, nan: 0x7f, negZero: true },
    float8e5m2: { m: 2, bias: 15, max: 0x7b, nan: 0x7f, negZero: true },
    float8e4m3fnuz: { m: 3, bias: 8, max: 0x7f, nan: 0x80, negZero: false },
    float8e5m2fnuz: { m: 2, bias: 16, max: 0x7f, nan: 0x80, negZero: false },
  };

  /** float32 -> float8, saturating: round to nearest even on the bits. */
  function f32ToF8Loop(format) {
    const { m, bias, max, nan, negZero } = F8[format];
    const shift = 23 - m;
    const minNormal = (127 - bias + 1) << 23;  // bits of the smallest normal
    const rebias = (127 - bias) << 23;
    const half = (1 << (shift - 1)) - 1;
    const magic = new Float32Array([2 ** (1 - bias - m + 23)]);  // adding it rounds a subnormal to its ulp
    const magicBits = new Uint32Array(magic.buffer)[0];
    const words = new Uint32Array(1);
    const fl = new Float32Array(words.buffer);
    return (x, y) => {
      const xb = new Uint32Array(x.buffer, x.byteOffset, x.length);
      for (let i = 0; i < xb.length; i++) {
        const b = xb[i];
        const a = b & 0x7fffffff;
        const sign = (b >>> 24) & 0x80;
        let code;
        if (a > 0x7f800000) { y[i] = nan; continue; }
        if (a < minNormal) {
          words[0] = a;
          fl[0] = fl[0] + magic[0];
          code = words[0] - magicBits;
        } else {
          code = (a - rebias + half + ((a >>> shift) & 1)) >>> shift;
          if (code > max) code = max;
        }
        y[i] = code === 0 && !negZero ? 0 : sign | code;
      }
    };
  }

  function tableOf(format) {
    const table = new Float32Array(256);
    tw.cast(new tw.Tensor(format, Uint8Array.from({ length: 256 }, (_, i) => i), [256]), 'float32', { out: table });
    return table;
  }

  /** float8 -> float32: the plain way, a table of the 256 codes. */
  function f8ToF32Loop(format) {
    const table = tableOf(format);
    return (x, y) => { for (let i = 0; i < x.length; i++) y[i] = table[x[i]]; };
  }

  const roundEven = (v) => { const r = Math.round(v); return r - v === 0.5 && (r & 1) ? r - 1 : r; };
  function f32ToInt4Loop(lo, hi) {
    const one = (v) => (v !== v ? 0 : roundEven(Math.min(hi, Math.max(lo, v)))) & 15;
    return (x, y) => {
      const pairs = x.length >> 1;
      for (let k = 0; k < pairs; k++) y[k] = one(x[2 * k]) | (one(x[2 * k + 1]) << 4);
      if (x.length & 1) y[pairs] = one(x[x.length - 1]);
    };
  }
  function int4ToF32Loop(signed) {
    const table = Float32Array.from({ length: 16 }, (_, c) => (signed && c >= 8 ? c - 16 : c));
    return (x, y) => {
      for (let k = 0; k < x.length; k++) { const b = x[k]; y[2 * k] = table[b & 15]; y[2 * k + 1] = table[b >> 4]; }
    };
  }
  // NaN fails both tests and truncates to 0 in `| 0`.
  const f32ToIntLoop = (lo, hi) => (x, y) => { for (let i = 0; i < x.length; i++) { const v = x[i]; y[i] = v >= hi ? hi : v <= lo ? lo : v | 0; } };
  const intToF32Loop = () => (x, y) => { for (let i = 0; i < x.length; i++) y[i] = x[i]; };
  const halfTable = /* float16 bits -> float32 */ (() => {
    const t = new Float32Array(65536);
    tw.cast(new tw.Tensor('float16', Uint16Array.from({ length: 65536 }, (_, i) => i), [65536]), 'float32', { out: t });
    return t;
  })();
  const f16ToS8Loop = () => (x, y) => { for (let i = 0; i < x.length; i++) { const v = halfTable[x[i]]; y[i] = v >= 127 ? 127 : v <= -128 ? -128 : v | 0; } };

  // ---------------------------------------------------------------- the pairs
  const pairs = [];
  const add = (from, to, x, outOf, loop) => pairs.push({ name: `${from} -> ${to}`, from, to, x, outOf, loop });
  for (const f of Object.keys(F8)) {
    add('float32', f, floats, () => new Uint8Array(n), f32ToF8Loop(f));
    add(f, 'float32', bytes, () => new Float32Array(n), f8ToF32Loop(f));
  }
  add('float32', 'int4', smallFloats, () => new Uint8Array(n / 2), f32ToInt4Loop(-8, 7));
  add('int4', 'float32', nibbles, () => new Float32Array(n), int4ToF32Loop(true));
  add('float32', 'uint4', smallFloats, () => new Uint8Array(n / 2), f32ToInt4Loop(0, 15));
  add('uint4', 'float32', nibbles, () => new Float32Array(n), int4ToF32Loop(false));
  add('float32', 'int8', wideFloats, () => new Int8Array(n), f32ToIntLoop(-128, 127));
  add('int8', 'float32', new Int8Array(bytes.buffer), () => new Float32Array(n), intToF32Loop());
  add('float32', 'int16', wideFloats, () => new Int16Array(n), f32ToIntLoop(-32768, 32767));
  add('int16', 'float32', new Int16Array(halves.buffer), () => new Float32Array(n), intToF32Loop());
  add('float32', 'uint16', wideFloats, () => new Uint16Array(n), f32ToIntLoop(0, 65535));
  add('uint16', 'float32', halves, () => new Float32Array(n), intToF32Loop());
  add('float16', 'int8', halves, () => new Int8Array(n), f16ToS8Loop());

  const median = (a) => { const s = [...a].sort((p, q) => p - q); return s[s.length >> 1]; };
  const time = (f) => { const t = performance.now(); f(); return performance.now() - t; };

  const rows = [];
  log(`| pair | path |${base ? ' before ms | before / JS |' : ''} tessera ms | JS loop ms | JS / tessera |`);
  for (const p of pairs.filter((q) => only.test(q.name))) {
    const input = new tw.Tensor(p.from, p.x, [n]);
    const out = p.outOf();
    const mine = p.outOf();
    tw.cast(input, p.to, { out });
    p.loop(p.x, mine);
    const a = new Uint8Array(out.buffer);
    const b = new Uint8Array(mine.buffer);
    let wrong = 0;
    for (let i = 0; i < a.length; i++) {
      if (a[i] !== b[i] && !(out instanceof Float32Array && Number.isNaN(out[i >> 2]) && Number.isNaN(mine[i >> 2]))) wrong++;
    }
    if (wrong) throw new Error(`${p.name}: the JS loop differs from tw.cast in ${wrong} bytes`);
    const baseInput = base && new base.Tensor(p.from, p.x, [n]);
    const tt = [];
    const tj = [];
    const tb = [];
    for (let r = 0; r < rounds; r++) {
      tt.push(time(() => tw.cast(input, p.to, { out })));
      tj.push(time(() => p.loop(p.x, mine)));
      if (base) tb.push(time(() => base.cast(baseInput, p.to, { out })));
    }
    const row = { pair: p.name, path: kernelPairs.has(`${p.from}>${p.to}`) ? 'kernel' : 'js', tessera: median(tt), js: median(tj), base: base ? median(tb) : NaN };
    rows.push(row);
    const before = base ? ` ${row.base.toFixed(3)} | ${(row.base / row.js).toFixed(2)} |` : '';
    log(`| ${row.pair} | ${row.path} |${before} ${row.tessera.toFixed(3)} | ${row.js.toFixed(3)} | ${(row.js / row.tessera).toFixed(2)} |`);
  }
  return rows;
}
