// tw.encode: numbers to the storage of a narrow type, through formats.ts's
// codecs (the format table and the rounding there; the API and its checks here).
import { type IntegerType } from './convert.js';
import { describe, specError } from './errors.js';
import { ENCODE, type EncodeOptions, FORMATS, bitsOf, type Format, NARROW_TYPES, type NarrowType, ROUND_MODES, type RoundMode, encodeExponent, encodeFloat, encodeInt, isNarrowType } from './formats.js';
import { LIMITS } from './generated/limits.js';
import { booleanOption, choiceOption, readOptions } from './options.js';
import { typedArrayFacts, typedArrayKind } from './typed-array.js';

/**
 * Numbers to the storage of a narrow type, as ONNX Cast (opset 25) converts:
 * round to nearest even (float8e8m0: by `roundMode`), the float8 types
 * saturating by `saturate`, float4e2m1 always saturating to +/-6 (NaN to +6),
 * float16 and bfloat16 overflowing to +/-Inf, integers rounding to nearest
 * even and then clamping to their range (NaN is refused: they have none).
 * Each double is rounded once, directly. Packed types come back packed: int4,
 * uint4 and float4e2m1 two per byte (element i in the low nibble of byte i>>1
 * when i is even), int2 and uint2 four per byte (bits 2*(i%4) of byte i>>2),
 * unused bits 0.
 *
 * @example tw.encode('bfloat16', [1, -2.5])          // Uint16Array [0x3f80, 0xc020]
 * @example tw.encode('float8e4m3fn', [1000])         // Uint8Array [0x7e] (448, saturated)
 * @example tw.encode('float8e4m3fn', [1000], { saturate: false }) // Uint8Array [0x7f] (NaN)
 * @example tw.encode('float8e8m0', [3], { roundMode: 'down' })    // Uint8Array [0x80] (2)
 * @example tw.encode('int4', [7.5, -9, 2.5])          // Uint8Array [0x87, 0x02]: 7, -8, 2
 */
export function encode(type: 'float16' | 'bfloat16', values: ArrayLike<number>, options?: EncodeOptions): Uint16Array;
export function encode(type: Exclude<NarrowType, 'float16' | 'bfloat16'>, values: ArrayLike<number>, options?: EncodeOptions): Uint8Array;
export function encode(type: NarrowType, values: ArrayLike<number>, options?: EncodeOptions): Uint16Array | Uint8Array;
export function encode(type: NarrowType, values: ArrayLike<number>, options?: EncodeOptions): Uint16Array | Uint8Array {
  if (!isNarrowType(type)) {
    throw specError(ENCODE, 'type', `type must be one of ${NARROW_TYPES.join(', ')} (got ${describe(type)})`);
  }
  const kind = typedArrayKind(values);
  if (!Array.isArray(values) && kind === undefined) {
    throw specError(ENCODE, 'values', `values must be an array or typed array of numbers (got ${describe(values)})`);
  }
  const { saturate, roundMode } = checkOptions(options);
  const format: Format = FORMATS[type];
  const n: unknown = kind === undefined ? values.length : typedArrayFacts(values, kind).length;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || n > LIMITS.memoryBytes) {
    throw specError(ENCODE, 'values', `values must have a length from 0 to ${LIMITS.memoryBytes} (got ${describe(n)})`);
  }
  // Codes straight into the typed result (no JS Array: engines cap those near 2^27 elements).
  const bits = bitsOf(type);
  const perByte = bits < 8 ? 8 / bits : 1;
  const result = bits === 16 ? new Uint16Array(n) : new Uint8Array(Math.ceil(n / perByte));
  for (let i = 0; i < n; i++) {
    const x: unknown = values[i];
    if (typeof x !== 'number') throw specError(ENCODE, 'values', `values[${i}] must be a number (got ${describe(x)})`);
    const code = format.kind === 'float' ? encodeFloat(format, x, saturate)
      : format.kind === 'exponent' ? encodeExponent(format, x, saturate, roundMode)
      : encodeInt(format, x, type as IntegerType, i);
    if (perByte === 1) result[i] = code;
    else result[Math.floor(i / perByte)] |= code << (bits * (i % perByte));
  }
  return result;
}

function checkOptions(options: unknown): { saturate: boolean; roundMode: RoundMode } {
  const own = readOptions(ENCODE, 'options', options, ['saturate', 'roundMode']);
  return {
    saturate: booleanOption(ENCODE, 'saturate', own.saturate, true),
    roundMode: choiceOption(ENCODE, 'roundMode', own.roundMode, ROUND_MODES, 'up'),
  };
}

