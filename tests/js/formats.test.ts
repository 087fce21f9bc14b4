// tw.encode / tw.decode against the formats' own definitions (ONNX
// docs/technical float8.md, float4.md, int4.md, int2.md and the Cast-25
// tables), computed here independently of js/src/formats.ts.
import * as tw from 'tessera-wasm';
import { expectSpecError } from './helpers';

// ---------------------------------------------------------------------------
// The definitions, from the documents

interface FloatDef {
  readonly type: string;
  readonly bits: 8 | 16 | 4;
  readonly e: number;
  readonly m: number;
  readonly bias: number;
  /** NaN or +/-Inf for this code, or undefined for an ordinary number. */
  readonly special: (code: number) => number | undefined;
  readonly negativeZero: boolean;
  /** What NaN encodes to. */
  readonly nan: number;
  /** What a value past the largest finite one (and +Inf) becomes, per saturate. */
  readonly overflow: { readonly saturate: number; readonly noSaturate: number };
}

const ieee = (e: number, m: number) => (code: number) => {
  const exponent = (code >> m) & ((1 << e) - 1);
  if (exponent !== (1 << e) - 1) return undefined;
  const negative = code >> (e + m) === 1;
  return (code & ((1 << m) - 1)) === 0 ? (negative ? -Infinity : Infinity) : NaN;
};

const FLOATS: FloatDef[] = [
  { type: 'float16', bits: 16, e: 5, m: 10, bias: 15, special: ieee(5, 10), negativeZero: true, nan: 0x7e00,
    overflow: { saturate: 0x7c00, noSaturate: 0x7c00 } },
  { type: 'bfloat16', bits: 16, e: 8, m: 7, bias: 127, special: ieee(8, 7), negativeZero: true, nan: 0x7fc0,
    overflow: { saturate: 0x7f80, noSaturate: 0x7f80 } },
  // S.1111.111 is NaN, no infinities.
  { type: 'float8e4m3fn', bits: 8, e: 4, m: 3, bias: 7, special: (c) => ((c & 0x7f) === 0x7f ? NaN : undefined),
    negativeZero: true, nan: 0x7f, overflow: { saturate: 0x7e, noSaturate: 0x7f } },
  // 1.0000.000 is the only NaN, no negative zero.
  { type: 'float8e4m3fnuz', bits: 8, e: 4, m: 3, bias: 8, special: (c) => (c === 0x80 ? NaN : undefined),
    negativeZero: false, nan: 0x80, overflow: { saturate: 0x7f, noSaturate: 0x80 } },
  { type: 'float8e5m2', bits: 8, e: 5, m: 2, bias: 15, special: ieee(5, 2), negativeZero: true, nan: 0x7f,
    overflow: { saturate: 0x7b, noSaturate: 0x7c } },
  { type: 'float8e5m2fnuz', bits: 8, e: 5, m: 2, bias: 16, special: (c) => (c === 0x80 ? NaN : undefined),
    negativeZero: false, nan: 0x80, overflow: { saturate: 0x7f, noSaturate: 0x80 } },
  // No NaN, no Inf: NaN becomes 6, overflow and Inf become +/-6.
  { type: 'float4e2m1', bits: 4, e: 2, m: 1, bias: 1, special: () => undefined, negativeZero: true, nan: 0x7,
    overflow: { saturate: 0x7, noSaturate: 0x7 } },
];

/** The value of a code by the definition: (-1)^S 2^(E-bias) (1 + M/2^m), or 2^(1-bias) M/2^m when E = 0. */
function valueOf(f: FloatDef, code: number): number {
  const special = f.special(code);
  if (special !== undefined) return special;
  const sign = code >> (f.e + f.m) === 1 ? -1 : 1;
  const exponent = (code >> f.m) & ((1 << f.e) - 1);
  const mantissa = code & ((1 << f.m) - 1);
  const magnitude = exponent === 0
    ? 2 ** (1 - f.bias) * (mantissa / 2 ** f.m)
    : 2 ** (exponent - f.bias) * (1 + mantissa / 2 ** f.m);
  return sign * magnitude;
}

interface IntDef { readonly type: string; readonly bits: 4 | 2; readonly signed: boolean }
const INTS: IntDef[] = [
  { type: 'int4', bits: 4, signed: true },
  { type: 'uint4', bits: 4, signed: false },
  { type: 'int2', bits: 2, signed: true },
  { type: 'uint2', bits: 2, signed: false },
];
const intValue = (f: IntDef, code: number) => (f.signed && code >= 2 ** (f.bits - 1) ? code - 2 ** f.bits : code);

// ---------------------------------------------------------------------------
// Helpers

/** Packs codes as the contract says: element i at bit bits*(i % (8/bits)) of byte floor(i / (8/bits)). */
function pack(codes: number[], bits: number): Uint8Array {
  if (bits >= 8) return Uint8Array.from(codes);
  const perByte = 8 / bits;
  const out = new Uint8Array(Math.ceil(codes.length / perByte));
  codes.forEach((c, i) => { out[Math.floor(i / perByte)] |= c << (bits * (i % perByte)); });
  return out;
}

function storage(codes: number[], bits: number): Uint8Array | Uint16Array {
  return bits === 16 ? Uint16Array.from(codes) : pack(codes, bits);
}

function tensorOf(type: string, codes: number[], bits: number) {
  return { type: type as never, data: storage(codes, bits) as never, dims: [codes.length] };
}

const allCodes = (bits: number) => Array.from({ length: 2 ** bits }, (_, i) => i);

const view = new DataView(new ArrayBuffer(8));
/** The next double toward +Inf / -Inf from a positive finite x. */
function nextUp(x: number): number {
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + 1n);
  return view.getFloat64(0);
}
function nextDown(x: number): number {
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) - 1n);
  return view.getFloat64(0);
}

/** Same values, NaN equal to NaN and -0 told from 0. */
function expectSameNumbers(actual: number[], expected: number[]): void {
  expect(actual.length).toBe(expected.length);
  const bad = actual.findIndex((a, i) => !Object.is(a, expected[i]));
  if (bad >= 0) throw new Error(`element ${bad}: got ${actual[bad]}, expected ${expected[bad]}`);
}

function expectCodes(actual: ArrayLike<number>, expected: ArrayLike<number>, label: string): void {
  const a = Array.from(actual);
  const e = Array.from(expected);
  const bad = a.findIndex((x, i) => x !== e[i]);
  if (a.length !== e.length || bad >= 0) {
    throw new Error(`${label}: at ${bad}: got 0x${a[bad]?.toString(16)}, expected 0x${e[bad]?.toString(16)} (lengths ${a.length}, ${e.length})`);
  }
}

/** Positive finite values of a format with their codes, in increasing order. */
function positives(f: FloatDef): { value: number; code: number }[] {
  const signBit = 1 << (f.e + f.m);
  return allCodes(f.bits)
    .filter((c) => c < signBit && Number.isFinite(valueOf(f, c)))
    .map((code) => ({ value: valueOf(f, code), code }))
    .sort((a, b) => a.value - b.value);
}

// ---------------------------------------------------------------------------
// decode

describe('decode', () => {
  it.each(FLOATS.map((f) => [f.type, f] as const))('decodes every %s pattern to its defined value', (_, f) => {
    const codes = allCodes(f.bits);
    expectSameNumbers(tw.decode(tensorOf(f.type, codes, f.bits)), codes.map((c) => valueOf(f, c)));
  });

  it('matches the documents\' own value tables', () => {
    // float4.md lists E2M1 by its three low bits.
    expect(tw.decode(tensorOf('float4e2m1', [0, 1, 2, 3, 4, 5, 6, 7], 4))).toEqual([0, 0.5, 1, 1.5, 2, 3, 4, 6]);
    // float8.md: maxima and minima.
    expect(tw.decode(tensorOf('float8e4m3fn', [0x7e, 0x01, 0xfe], 8))).toEqual([448, 2 ** -9, -448]);
    expect(tw.decode(tensorOf('float8e5m2', [0x7b, 0x01, 0x7c, 0xfc], 8))).toEqual([57344, 2 ** -16, Infinity, -Infinity]);
    expect(tw.decode(tensorOf('float8e4m3fnuz', [0x7f, 0x01], 8))).toEqual([240, 2 ** -10]);
    expect(tw.decode(tensorOf('float8e5m2fnuz', [0x7f, 0x01], 8))).toEqual([57344, 2 ** -17]);
    expect(tw.decode(tensorOf('float16', [0x7bff, 0x0001, 0x3c00], 16))).toEqual([65504, 2 ** -24, 1]);
    expect(tw.decode(tensorOf('bfloat16', [0x7f7f, 0x0001, 0x3f80], 16))).toEqual([(2 - 2 ** -7) * 2 ** 127, 2 ** -133, 1]);
  });

  it('decodes every float8e8m0 pattern to 2^(e-127), 0xFF to NaN', () => {
    const codes = allCodes(8);
    expectSameNumbers(tw.decode(tensorOf('float8e8m0', codes, 8)), codes.map((c) => (c === 0xff ? NaN : 2 ** (c - 127))));
  });

  it.each(INTS.map((f) => [f.type, f] as const))('decodes every %s pattern as two\'s complement or unsigned', (_, f) => {
    const codes = allCodes(f.bits);
    const expected = f.signed ? [...Array(2 ** (f.bits - 1)).keys(), ...[...Array(2 ** (f.bits - 1)).keys()].map((k) => k - 2 ** (f.bits - 1))]
      : [...Array(2 ** f.bits).keys()];
    expect(codes.map((c) => intValue(f, c))).toEqual(expected);  // the test's own definition, checked once
    expect(tw.decode(tensorOf(f.type, codes, f.bits))).toEqual(expected);
  });

  it('unpacks odd counts and ignores padding bits', () => {
    expect(tw.decode({ type: 'int4', data: new Uint8Array([0x87, 0xf2]), dims: [3] })).toEqual([7, -8, 2]);
    expect(tw.decode({ type: 'uint2', data: new Uint8Array([0b11100100, 0b11111101]), dims: [5] })).toEqual([0, 1, 2, 3, 1]);
    expect(tw.decode({ type: 'float4e2m1', data: new Uint8Array([]), dims: [0] })).toEqual([]);
    expect(tw.decode(new tw.Tensor('float8e4m3fn', new Uint8Array([0x38, 0xb8]), [1, 2]))).toEqual([1, -1]);
  });
});

// ---------------------------------------------------------------------------
// encode: round trips

describe('encode(decode(b))', () => {
  // Infinities come back only without saturation: saturating, Cast sends them to +/-max.
  it.each(FLOATS.map((f) => [f.type, f] as const))('gives back every %s pattern, NaNs as the canonical NaN', (_, f) => {
    const codes = allCodes(f.bits);
    const signBit = 1 << (f.e + f.m);
    for (const saturate of [true, false]) {
      const expected = codes.map((c) => {
        const v = valueOf(f, c);
        if (Number.isNaN(v)) return f.nan;
        if (Math.abs(v) === Infinity && saturate) return f.overflow.saturate | (v < 0 ? signBit : 0);
        return c;
      });
      const encoded = tw.encode(f.type as 'float16', tw.decode(tensorOf(f.type, codes, f.bits)), { saturate });
      expectCodes(encoded, storage(expected, f.bits), `${f.type} saturate=${saturate}`);
    }
  });

  it('gives back every float8e8m0 pattern in every round mode', () => {
    const codes = allCodes(8);
    const values = tw.decode(tensorOf('float8e8m0', codes, 8));
    for (const roundMode of ['up', 'down', 'nearest'] as const) {
      for (const saturate of [true, false]) {
        expectCodes(tw.encode('float8e8m0', values, { roundMode, saturate }), codes, `${roundMode} saturate=${saturate}`);
      }
    }
  });

  it.each(INTS.map((f) => [f.type, f] as const))('gives back every %s pattern', (_, f) => {
    const codes = allCodes(f.bits);
    expectCodes(tw.encode(f.type as 'int4', codes.map((c) => intValue(f, c))), pack(codes, f.bits), f.type);
  });

  it('returns Uint16Array for float16 and bfloat16, Uint8Array otherwise', () => {
    expect(tw.encode('float16', [1])).toBeInstanceOf(Uint16Array);
    expect(tw.encode('bfloat16', [1])).toBeInstanceOf(Uint16Array);
    for (const t of ['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz', 'float8e8m0', 'float4e2m1', 'int4', 'uint4', 'int2', 'uint2'] as const) {
      expect(tw.encode(t, [1])).toBeInstanceOf(Uint8Array);
    }
  });
});

// ---------------------------------------------------------------------------
// encode: rounding

describe('encode rounds to nearest, ties to even', () => {
  // For every pair of neighbours (lo, hi): their midpoint goes to the one with
  // the even code (its mantissa's last bit is 0), a hair either side goes to
  // the nearer one; the same mirrored for negatives.
  it.each(FLOATS.map((f) => [f.type, f] as const))('%s: every midpoint and its neighbours, both signs', (_, f) => {
    const signBit = 1 << (f.e + f.m);
    const pos = positives(f);
    const mids: number[] = [];
    const expectMid: number[] = [];
    const expectBelow: number[] = [];
    const expectAbove: number[] = [];
    for (let i = 0; i + 1 < pos.length; i++) {
      const lo = pos[i];
      const hi = pos[i + 1];
      mids.push((lo.value + hi.value) / 2);
      expectMid.push(lo.code % 2 === 0 ? lo.code : hi.code);
      expectBelow.push(lo.code);
      expectAbove.push(hi.code);
    }
    const neg = (c: number) => (c === 0 && !f.negativeZero ? 0 : c | signBit);
    const enc = (xs: number[]) => Array.from(tw.encode(f.type as 'float16', xs));
    const unpacked = (bytes: number[]) => (f.bits === 4 ? bytes.flatMap((b) => [b & 0xf, b >> 4]).slice(0, mids.length) : bytes);
    expectCodes(unpacked(enc(mids)), expectMid, 'midpoints');
    expectCodes(unpacked(enc(mids.map(nextDown))), expectBelow, 'just below');
    expectCodes(unpacked(enc(mids.map(nextUp))), expectAbove, 'just above');
    expectCodes(unpacked(enc(mids.map((x) => -x))), expectMid.map(neg), 'negative midpoints');
    expectCodes(unpacked(enc(mids.map((x) => -nextUp(x)))), expectAbove.map(neg), 'negative, just beyond');
  });

  it('float8 ties at the documents\' example points, both directions', () => {
    // e4m3fn around 1: neighbours 1 (0x38) and 1.125 (0x39); 1.0625 is the tie.
    expect(Array.from(tw.encode('float8e4m3fn', [1.0625, 1.1875, -1.0625, -1.1875]))).toEqual([0x38, 0x3a, 0xb8, 0xba]);
    // e5m2 around 1: 1 (0x3c), 1.25 (0x3d), 1.5 (0x3e); ties at 1.125 and 1.375.
    expect(Array.from(tw.encode('float8e5m2', [1.125, 1.375, -1.125, -1.375]))).toEqual([0x3c, 0x3e, 0xbc, 0xbe]);
    // The smallest subnormal's half is a tie with zero: even is zero.
    expect(Array.from(tw.encode('float8e4m3fn', [2 ** -10, -(2 ** -10), 3 * 2 ** -10]))).toEqual([0x00, 0x80, 0x02]);
    expect(Array.from(tw.encode('float8e4m3fnuz', [2 ** -11, -(2 ** -11)]))).toEqual([0x00, 0x00]);
  });

  it('rounds float16 and bfloat16 from the double once (no detour through float32)', () => {
    // Through float32 these become exact ties and round down to even; they are above the tie.
    expect(Array.from(tw.encode('bfloat16', [1 + 2 ** -8 + 2 ** -30, -(1 + 2 ** -8 + 2 ** -30)]))).toEqual([0x3f81, 0xbf81]);
    expect(Array.from(tw.encode('float16', [1 + 2 ** -11 + 2 ** -40, -(1 + 2 ** -11 + 2 ** -40)]))).toEqual([0x3c01, 0xbc01]);
    // float16 subnormals: half of 2^-24 plus a little is 2^-24.
    expect(Array.from(tw.encode('float16', [2 ** -25, 2 ** -25 + 2 ** -60, 2 ** -1074]))).toEqual([0x0000, 0x0001, 0x0000]);
    expect(Array.from(tw.encode('float16', new Float32Array([1.5, -2])))).toEqual([0x3e00, 0xc000]);
  });

  it('agrees with a brute-force nearest search on random doubles', () => {
    let seed = 12345;
    const random = () => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 2 ** 32; };
    for (const f of FLOATS) {
      const pos = positives(f);
      const max = pos[pos.length - 1].value;
      const xs: number[] = [];
      const expected: number[] = [];
      for (let n = 0; n < 3000; n++) {
        const x = Math.min(max, max * random() * 2 ** -Math.floor(random() * (2 ** f.e + f.m + 2)));
        let first = 0;  // the first positive value >= x, by bisection
        for (let last = pos.length - 1; first < last;) {
          const mid = (first + last) >> 1;
          if (pos[mid].value >= x) last = mid; else first = mid + 1;
        }
        const hi = pos[first];
        const lo = pos[Math.max(0, first - 1)];
        // x - lo and hi - x are exact (Sterbenz), so the comparison is exact.
        const dLo = x - lo.value;
        const dHi = hi.value - x;
        const nearest = dLo < dHi ? lo.code : dHi < dLo ? hi.code : lo.code % 2 === 0 ? lo.code : hi.code;
        xs.push(x);
        expected.push(nearest);
      }
      const got = Array.from(tw.encode(f.type as 'float16', xs));
      expectCodes(f.bits === 4 ? got.flatMap((b) => [b & 0xf, b >> 4]).slice(0, xs.length) : got, expected, f.type);
    }
  });
});

// ---------------------------------------------------------------------------
// encode: saturation (the Cast-25 tables)

describe('encode saturates as ONNX Cast-25 says', () => {
  const big = 1e6;  // beyond every float8 maximum
  // [Inf, -Inf, NaN, big, -big, 0, -0]
  const cases: Record<string, { saturate: number[]; noSaturate: number[] }> = {
    float8e4m3fn: { saturate: [0x7e, 0xfe, 0x7f, 0x7e, 0xfe, 0x00, 0x80], noSaturate: [0x7f, 0xff, 0x7f, 0x7f, 0xff, 0x00, 0x80] },
    float8e4m3fnuz: { saturate: [0x7f, 0xff, 0x80, 0x7f, 0xff, 0x00, 0x00], noSaturate: [0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x00] },
    float8e5m2: { saturate: [0x7b, 0xfb, 0x7f, 0x7b, 0xfb, 0x00, 0x80], noSaturate: [0x7c, 0xfc, 0x7f, 0x7c, 0xfc, 0x00, 0x80] },
    float8e5m2fnuz: { saturate: [0x7f, 0xff, 0x80, 0x7f, 0xff, 0x00, 0x00], noSaturate: [0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x00] },
  };
  it.each(Object.entries(cases))('%s: Inf, -Inf, NaN, beyond max, zeros', (type, expected) => {
    const values = [Infinity, -Infinity, NaN, big, -big, 0, -0];
    expect(Array.from(tw.encode(type as 'float8e5m2', values))).toEqual(expected.saturate);
    expect(Array.from(tw.encode(type as 'float8e5m2', values, { saturate: true }))).toEqual(expected.saturate);
    expect(Array.from(tw.encode(type as 'float8e5m2', values, { saturate: false }))).toEqual(expected.noSaturate);
  });

  // [x] > FLT_MAX is judged after rounding: just past the last midpoint overflows.
  it.each(FLOATS.map((f) => [f.type, f] as const))('%s: the overflow threshold, saturating and not', (_, f) => {
    const pos = positives(f);
    const max = pos[pos.length - 1];
    const ulp = max.value - pos[pos.length - 2].value;
    const threshold = max.value + ulp / 2;
    const signBit = 1 << (f.e + f.m);
    const negate = (c: number) => (c === 0x80 && !f.negativeZero ? c : c | signBit);  // FNUZ NaN has no sign
    // At the threshold the tie goes to the even neighbour: max if its mantissa is even, else the overflow.
    const atThreshold = (s: boolean) => (max.code % 2 === 0 ? max.code : s ? f.overflow.saturate : f.overflow.noSaturate);
    for (const saturate of [true, false]) {
      const over = saturate ? f.overflow.saturate : f.overflow.noSaturate;
      const xs = [nextDown(threshold), threshold, nextUp(threshold), Infinity, -nextUp(threshold), -Infinity];
      const want = [max.code, atThreshold(saturate), over, over, negate(over), negate(over)];
      const got = Array.from(tw.encode(f.type as 'float16', xs, { saturate }));
      expectCodes(f.bits === 4 ? got.flatMap((b) => [b & 0xf, b >> 4]) : got, want, `${f.type} saturate=${saturate}`);
    }
  });

  it('float8e4m3fn keeps 464 (a tie with the missing 480) at 448 even without saturation', () => {
    expect(Array.from(tw.encode('float8e4m3fn', [464, 464.0001, -464], { saturate: false }))).toEqual([0x7e, 0x7f, 0xfe]);
  });

  it('float4e2m1 has no NaN or Inf: NaN -> 6, +/-Inf -> +/-6, whatever saturate says', () => {
    for (const saturate of [true, false]) {
      const got = [NaN, Infinity, -Infinity, 7, -100, 0, -0, 5, -5].map((x) => tw.encode('float4e2m1', [x], { saturate })[0]);
      // 5 is a tie between 4 (0x6, even) and 6 (0x7).
      expect(got).toEqual([0x7, 0x7, 0xf, 0x7, 0xf, 0x0, 0x8, 0x6, 0xe]);
    }
  });

  it('float16 and bfloat16 overflow to Inf whatever saturate says; NaN is the quiet NaN', () => {
    for (const saturate of [true, false]) {
      expect(Array.from(tw.encode('float16', [1e6, -1e6, Infinity, NaN, -0], { saturate }))).toEqual([0x7c00, 0xfc00, 0x7c00, 0x7e00, 0x8000]);
      expect(Array.from(tw.encode('bfloat16', [1e39, -1e39, -Infinity, NaN, -0], { saturate }))).toEqual([0x7f80, 0xff80, 0xff80, 0x7fc0, 0x8000]);
    }
  });

  it('FNUZ types have no negative zero: tiny negatives round to +0', () => {
    expect(Array.from(tw.encode('float8e4m3fnuz', [-1e-30, -0]))).toEqual([0x00, 0x00]);
    expect(Array.from(tw.encode('float8e5m2fnuz', [-1e-30, -0]))).toEqual([0x00, 0x00]);
    expect(Array.from(tw.encode('float8e4m3fn', [-1e-30]))).toEqual([0x80]);
    expect(Array.from(tw.encode('float8e5m2', [-1e-30]))).toEqual([0x80]);
  });
});

// ---------------------------------------------------------------------------
// encode: float8e8m0

describe('encode float8e8m0', () => {
  const e8m0 = (values: number[], options?: tw.EncodeOptions) => Array.from(tw.encode('float8e8m0', values, options));
  const code = (k: number) => k + 127;  // 2^k

  it('rounds between powers of two by roundMode (up by default; nearest ties up)', () => {
    const xs = [3, 5, 6, 7, 2.99, 0.75, 1.5 * 2 ** -100, 1 + 2 ** -52];
    expect(e8m0(xs)).toEqual([code(2), code(3), code(3), code(3), code(2), code(0), code(-99), code(1)]);
    expect(e8m0(xs, { roundMode: 'up' })).toEqual(e8m0(xs));
    expect(e8m0(xs, { roundMode: 'down' })).toEqual([code(1), code(2), code(2), code(2), code(1), code(-1), code(-100), code(0)]);
    expect(e8m0(xs, { roundMode: 'nearest' })).toEqual([code(2), code(2), code(3), code(3), code(1), code(0), code(-99), code(0)]);
  });

  it('keeps powers of two in every mode', () => {
    for (const roundMode of ['up', 'down', 'nearest'] as const) {
      for (const saturate of [true, false]) {
        expect(e8m0([1, 2 ** 127, 2 ** -127, 0.5], { roundMode, saturate })).toEqual([127, 254, 0, 126]);
      }
    }
  });

  it('takes 0 to E8M0_MIN when saturating and NaN when not; NaN to NaN; Inf to E8M0_MAX or NaN', () => {
    for (const roundMode of ['up', 'down', 'nearest'] as const) {
      expect(e8m0([0, -0, NaN, Infinity, -Infinity], { roundMode })).toEqual([0x00, 0x00, 0xff, 0xfe, 0xfe]);
      expect(e8m0([0, -0, NaN, Infinity, -Infinity], { roundMode, saturate: false })).toEqual([0xff, 0xff, 0xff, 0xff, 0xff]);
    }
  });

  it('ignores the sign of negative values (unspecified by ONNX)', () => {
    for (const roundMode of ['up', 'down', 'nearest'] as const) {
      expect(e8m0([-3, -0.75, -(2 ** 127)], { roundMode })).toEqual(e8m0([3, 0.75, 2 ** 127], { roundMode }));
    }
  });

  it('judges the range after rounding: beyond 2^127 and below 2^-127', () => {
    const xs = [1.5 * 2 ** 127, 1.2 * 2 ** 127, 2 ** 128, 1e300, 1.5 * 2 ** -128, 2 ** -128, 1e-300, 5e-324];
    expect(e8m0(xs, { roundMode: 'up' })).toEqual([0xfe, 0xfe, 0xfe, 0xfe, 0x00, 0x00, 0x00, 0x00]);
    expect(e8m0(xs, { roundMode: 'up', saturate: false })).toEqual([0xff, 0xff, 0xff, 0xff, 0x00, 0xff, 0xff, 0xff]);
    expect(e8m0(xs, { roundMode: 'down', saturate: false })).toEqual([0xfe, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    expect(e8m0(xs, { roundMode: 'nearest', saturate: false })).toEqual([0xff, 0xfe, 0xff, 0xff, 0x00, 0xff, 0xff, 0xff]);
    for (const roundMode of ['down', 'nearest'] as const) {
      expect(e8m0(xs, { roundMode })).toEqual([0xfe, 0xfe, 0xfe, 0xfe, 0x00, 0x00, 0x00, 0x00]);
    }
  });
});

// ---------------------------------------------------------------------------
// encode: integers and packing

describe('encode integers and packing', () => {
  const ints = (type: 'int4' | 'uint4' | 'int2' | 'uint2', bits: number, xs: number[], want: number[]) => {
    const codes = want.map((v) => (v < 0 ? v + 2 ** bits : v));
    expectCodes(tw.encode(type, xs), pack(codes, bits), type);
  };

  it('rounds to nearest even, then clamps', () => {
    ints('int4', 4, [7.5, -8.5, 2.5, 1.5, -2.5, 0.5, -0.5, 6.5, 3.4999, 100, -100, Infinity, -Infinity, -9, 7.49],
      [7, -8, 2, 2, -2, 0, 0, 6, 3, 7, -8, 7, -8, -8, 7]);
    ints('uint4', 4, [15.5, 14.5, -1, -0.6, -0.5, 0.5, Infinity, -Infinity, 1e300], [15, 14, 0, 0, 0, 0, 15, 0, 15]);
    ints('int2', 2, [1.5, 0.5, -2.5, -3, -1.5, 2, Infinity], [1, 0, -2, -2, -2, 1, 1]);
    ints('uint2', 2, [2.5, 3.5, -0.5, 1.5, 4, -Infinity], [2, 3, 0, 2, 3, 0]);
  });

  it('packs 0..9 elements, element i at its documented bits, unused bits zero', () => {
    for (let n = 0; n <= 9; n++) {
      const idx = [...Array(n).keys()];
      // 4-bit: values i-8 for int4 (two's complement nibbles), 15-i for uint4, a mix for float4e2m1.
      const int4 = tw.encode('int4', idx.map((i) => i - 8));
      expect(int4.length).toBe(Math.ceil(n / 2));
      expectCodes(int4, pack(idx.map((i) => (i - 8) & 0xf), 4), `int4 n=${n}`);
      expectCodes(tw.encode('uint4', idx.map((i) => 15 - i)), pack(idx.map((i) => 15 - i), 4), `uint4 n=${n}`);
      expectCodes(tw.encode('float4e2m1', idx.map((i) => (i % 2 ? -6 : 0.5))), pack(idx.map((i) => (i % 2 ? 0xf : 0x1)), 4), `float4e2m1 n=${n}`);
      const int2 = tw.encode('int2', idx.map((i) => (i % 4) - 2));
      expect(int2.length).toBe(Math.ceil(n / 4));
      expectCodes(int2, pack(idx.map((i) => ((i % 4) - 2) & 3), 2), `int2 n=${n}`);
      expectCodes(tw.encode('uint2', idx.map((i) => 3 - (i % 4))), pack(idx.map((i) => 3 - (i % 4)), 2), `uint2 n=${n}`);
      // Round trip through decode at every count.
      expect(tw.decode({ type: 'int4', data: int4, dims: [n] })).toEqual(idx.map((i) => i - 8));
      expect(tw.decode({ type: 'int2', data: int2, dims: [n] })).toEqual(idx.map((i) => (i % 4) - 2));
    }
    // The contract's layout spelled out.
    expect(Array.from(tw.encode('int4', [-1]))).toEqual([0x0f]);
    expect(Array.from(tw.encode('uint4', [1, 2, 3]))).toEqual([0x21, 0x03]);
    expect(Array.from(tw.encode('uint2', [3, 3, 3]))).toEqual([0x3f]);
    expect(Array.from(tw.encode('uint2', [1, 2, 3, 0, 1]))).toEqual([0b00111001, 0b01]);
    expect(Array.from(tw.encode('int2', [-1, -2, 1, 0]))).toEqual([0b00011011]);
  });
});

// ---------------------------------------------------------------------------
// Errors

describe('encode and decode reject', () => {
  it('unknown or uncovered types', () => {
    expectSpecError(() => tw.encode('float32' as 'int4', [1]), 'encode', undefined, 'type must be one of', 'float8e8m0', '(got "float32")');
    expectSpecError(() => tw.encode(7 as unknown as 'int4', [1]), 'encode', undefined, '(got 7)');
    expectSpecError(() => tw.decode({ type: 'float32', data: new Float32Array(1), dims: [1] }), 'decode', undefined,
      't type must be one of', '(got float32)');
    expectSpecError(() => tw.decode({ type: 'int64', data: new BigInt64Array(1), dims: [1] }), 'decode', undefined, '(got int64)');
  });

  it('values that are not numbers', () => {
    expectSpecError(() => tw.encode('int4', [1, '2' as unknown as number]), 'encode', undefined, 'values[1] must be a number (got "2")');
    expectSpecError(() => tw.encode('float16', [1n as unknown as number]), 'encode', undefined, 'values[0] must be a number (got 1n)');
    expectSpecError(() => tw.encode('float16', [null as unknown as number]), 'encode', undefined, 'values[0] must be a number (got null)');
    expectSpecError(() => tw.encode('float16', 'abc' as unknown as number[]), 'encode', undefined, 'values must be an array or typed array');
    expectSpecError(() => tw.encode('float16', 3 as unknown as number[]), 'encode', undefined, '(got 3)');
    expectSpecError(() => tw.encode('float16', new BigInt64Array(1) as unknown as number[]), 'encode', undefined, 'values[0] must be a number (got 0n)');
  });

  it('NaN for integer types, which have none', () => {
    for (const t of ['int4', 'uint4', 'int2', 'uint2'] as const) {
      expectSpecError(() => tw.encode(t, [1, NaN]), 'encode', undefined, `${t} has no NaN: values[1] is NaN`);
    }
  });

  it('bad options', () => {
    expectSpecError(() => tw.encode('float8e8m0', [1], { roundMode: 'zero' as 'up' }), 'encode', undefined,
      "options.roundMode must be 'up', 'down' or 'nearest' (got \"zero\")");
    expectSpecError(() => tw.encode('float8e4m3fn', [1], { roundMode: 'UP' as 'up' }), 'encode', undefined, 'roundMode');
    expectSpecError(() => tw.encode('float8e4m3fn', [1], { saturate: 1 as unknown as boolean }), 'encode', undefined,
      'options.saturate must be a boolean (got 1)');
    expectSpecError(() => tw.encode('float16', [1], null as unknown as tw.EncodeOptions), 'encode', undefined, 'options must be an object (got null)');
  });

  it('malformed tensors given to decode', () => {
    expectSpecError(() => tw.decode({ type: 'int4', data: new Uint8Array(1), dims: [3] }), 'decode', undefined, 'must have length 2 (got 1)');
    expectSpecError(() => tw.decode(42 as never), 'decode', undefined, 't must be a Tensor or {type, data, dims} (got 42)');
    expectSpecError(() => tw.decode({ type: 'float16', data: new Uint8Array(2), dims: [2] } as never), 'decode', undefined, 'must be a Uint16Array');
  });
});
