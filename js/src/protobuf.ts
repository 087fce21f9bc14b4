// The protobuf wire format, as much of it as ONNX's messages need: varints,
// fixed32/fixed64, length-delimited fields, packed and unpacked repeated
// fields. Hand-written so that reading a TensorProto costs no dependency.
// Malformed input is a SpecError of whoever is reading.
import { type OpContext, specError } from './errors.js';

// ---------------------------------------------------------------------------
// Wire types

export const VARINT = 0;
export const FIXED64 = 1;
export const LENGTH_DELIMITED = 2;
export const FIXED32 = 5;

const WIRE_TYPE_NAMES = ['varint', 'fixed64', 'length-delimited', 'start-group', 'end-group', 'fixed32'];

export function wireTypeName(wireType: number): string {
  return WIRE_TYPE_NAMES[wireType] ?? `unknown wire type ${wireType}`;
}

// ---------------------------------------------------------------------------
// Reading

/** A field's number and wire type, as its key says. */
export interface FieldKey {
  readonly field: number;
  readonly wireType: number;
  /** Byte offset of the key in the reader's bytes, for error messages. */
  readonly at: number;
}

/**
 * Reads one message's fields in order from `bytes[start, end)`. Every read
 * checks the bounds first, so truncated or malformed input throws the
 * context's SpecError naming the byte offset, never reads past the end.
 */
export class WireReader {
  private pos: number;

  constructor(
    readonly bytes: Uint8Array,
    private readonly context: OpContext,
    start = 0,
    private readonly end = bytes.length,
  ) {
    this.pos = start;
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  get offset(): number {
    return this.pos;
  }

  /** The next field's key. Field 0 and wire types 6 and 7 do not exist. */
  key(): FieldKey {
    const at = this.pos;
    const [lo, hi] = this.varintHalves();
    const wireType = lo & 7;
    const field = (lo >>> 3) + hi * 2 ** 29;
    if (field === 0 || field > 2 ** 29 - 1 || wireType === 6 || wireType === 7) {
      throw this.malformed(at, `invalid field key (field ${field}, wire type ${wireType})`);
    }
    return { field, wireType, at };
  }

  /** A varint as a 64-bit unsigned integer. */
  uint64(): bigint {
    const [lo, hi] = this.varintHalves();
    return hi === 0 ? BigInt(lo) : (BigInt(hi) << 32n) | BigInt(lo);
  }

  /** A varint as a 64-bit two's complement integer (protobuf int64). */
  int64(): bigint {
    const [lo, hi] = this.varintHalves();
    return hi === 0 ? BigInt(lo) : BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo));
  }

  /** A varint truncated to its low 32 bits, signed: how protobuf reads an int32 (and an enum). */
  int32(): number {
    return this.varintHalves()[0] | 0;
  }

  /** The next `n` bytes (a view, no copy). */
  take(n: number): Uint8Array {
    if (n > this.end - this.pos) {
      throw this.malformed(this.pos, `needs ${n} bytes, ${this.end - this.pos} remain`);
    }
    const view = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return view;
  }

  /** A length-delimited field's payload (a view, no copy). */
  lengthDelimited(): Uint8Array {
    const at = this.pos;
    const [lo, hi] = this.varintHalves();
    const remaining = this.end - this.pos;
    if (hi !== 0 || lo > remaining) {
      const length = hi === 0 ? lo : (BigInt(hi) << 32n) | BigInt(lo);
      throw this.malformed(at, `a length-delimited field declares ${length} bytes, ${remaining} remain`);
    }
    return this.take(lo);
  }

  /** Skips a field of the given wire type (for fields this reader does not know). */
  skip(key: FieldKey): void {
    switch (key.wireType) {
      case VARINT: this.varintHalves(); break;
      case FIXED64: this.take(8); break;
      case LENGTH_DELIMITED: this.lengthDelimited(); break;
      case FIXED32: this.take(4); break;
      default: throw this.malformed(key.at, `field ${key.field} uses groups (wire type ${key.wireType}), which ONNX never writes`);
    }
  }

  /** A reader over a length-delimited payload (an embedded message or a packed field). */
  sub(payload: Uint8Array): WireReader {
    return new WireReader(payload, this.context);
  }

  /** A SpecError for malformed input at byte `at`. */
  malformed(at: number, message: string): Error {
    return specError(this.context, 'bytes', `malformed protobuf at byte ${at}: ${message}`);
  }

  /**
   * Up to ten 7-bit groups, least significant first, split into the low and
   * high 32 bits (as unsigned numbers) so that no BigInt is made per value.
   */
  private varintHalves(): [number, number] {
    const { bytes, end } = this;
    const start = this.pos;
    if (start < end && bytes[start] < 0x80) {
      this.pos = start + 1;
      return [bytes[start], 0];
    }
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < 10; i++) {
      const p = start + i;
      if (p >= end) throw this.malformed(start, 'a varint runs past the end');
      const b = bytes[p];
      const bits = b & 0x7f;
      if (i < 4) {
        lo |= bits << (7 * i);
      } else if (i === 4) {
        lo |= bits << 28;  // the low 4 bits land in lo, the rest in hi
        hi |= bits >>> 4;
      } else if (i < 9) {
        hi |= bits << (7 * i - 32);
      } else if (bits > 1) {
        throw this.malformed(start, 'a varint overflows 64 bits');
      } else {
        hi |= bits << 31;
      }
      if (b < 0x80) {
        this.pos = p + 1;
        return [lo >>> 0, hi >>> 0];
      }
    }
    throw this.malformed(start, 'a varint is longer than 10 bytes');
  }
}

// ---------------------------------------------------------------------------
// Writing

/** Bytes a varint takes. */
export function varintSize(value: number | bigint): number {
  let v = typeof value === 'bigint' ? BigInt.asUintN(64, value) : value;
  if (typeof v === 'number') {
    if (v < 0) return 10;  // written as its 64-bit two's complement
    let size = 1;
    while (v >= 0x80) {
      v = Math.floor(v / 128);
      size++;
    }
    return size;
  }
  let size = 1;
  while (v >= 0x80n) {
    v >>= 7n;
    size++;
  }
  return size;
}

/**
 * Writes one message's fields into a buffer sized up front (`capacity`, an
 * upper bound: it grows if it was too small).
 */
export class WireWriter {
  private buffer: Uint8Array;
  private pos = 0;

  constructor(capacity = 64) {
    this.buffer = new Uint8Array(Math.max(capacity, 16));
  }

  /** A varint: a non-negative safe integer, or any int64/uint64 as a BigInt (negatives take 10 bytes). */
  varint(value: number | bigint): this {
    if (typeof value === 'number' && value >= 0 && value < 2 ** 31) {
      this.reserve(5);
      let v = value;
      while (v >= 0x80) {
        this.buffer[this.pos++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
      this.buffer[this.pos++] = v;
      return this;
    }
    let v = BigInt.asUintN(64, BigInt(value));
    this.reserve(10);
    while (v >= 0x80n) {
      this.buffer[this.pos++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buffer[this.pos++] = Number(v);
    return this;
  }

  key(field: number, wireType: number): this {
    return this.varint(field * 8 + wireType);
  }

  /** A varint field. */
  varintField(field: number, value: number | bigint): this {
    return this.key(field, VARINT).varint(value);
  }

  /** A length-delimited field holding `payload`. */
  bytesField(field: number, payload: Uint8Array): this {
    this.key(field, LENGTH_DELIMITED).varint(payload.length);
    this.reserve(payload.length);
    this.buffer.set(payload, this.pos);
    this.pos += payload.length;
    return this;
  }

  /** The message written so far (the buffer itself when it was sized exactly). */
  finish(): Uint8Array {
    return this.pos === this.buffer.length ? this.buffer : this.buffer.slice(0, this.pos);
  }

  private reserve(n: number): void {
    if (this.pos + n <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.pos + n));
    grown.set(this.buffer.subarray(0, this.pos));
    this.buffer = grown;
  }
}
