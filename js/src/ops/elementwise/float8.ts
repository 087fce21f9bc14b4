// IsNaN-20 and IsInf-20 of the float8 kinds, which the unary kernel does not
// serve: one byte in, one bool byte out, by a 256-entry table per type and
// question, made once. Which codes are NaN and which infinite (the formats'
// definitions, as ONNX's float8 proposal gives them):
//   float8e4m3fn    NaN: S.1111.111 (0x7f, 0xff); no infinities
//   float8e5m2      NaN: S.11111.mm with mm != 0; +Inf 0x7c, -Inf 0xfc
//   float8e4m3fnuz,
//   float8e5m2fnuz  NaN: 0x80 (the "negative zero" code) only; no infinities
import type { DataType } from '../../dtype.js';
import { heapView } from '../../wasm.js';

type Float8 = 'float8e4m3fn' | 'float8e4m3fnuz' | 'float8e5m2' | 'float8e5m2fnuz';
const FLOAT8 = new Set<DataType>(['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz']);

function isNaNCode(type: Float8, b: number): boolean {
  switch (type) {
    case 'float8e4m3fn': return (b & 0x7f) === 0x7f;
    case 'float8e5m2': return (b & 0x7f) > 0x7c;
    default: return b === 0x80;
  }
}

const tables = new Map<string, Uint8Array>();

function tableOf(key: string, test: (b: number) => boolean): Uint8Array {
  let table = tables.get(key);
  if (table === undefined) {
    table = new Uint8Array(256);
    for (let b = 0; b < 256; b++) table[b] = test(b) ? 1 : 0;
    tables.set(key, table);
  }
  return table;
}

/** IsNaN's table for a float8 type, undefined for any other type (the kernel's). */
export function isNaNTable(type: DataType): Uint8Array | undefined {
  return FLOAT8.has(type) ? tableOf(`nan ${type}`, (b) => isNaNCode(type as Float8, b)) : undefined;
}

/** IsInf's table for a float8 type and the flags, undefined for any other type. */
export function isInfTable(type: DataType, positive: boolean, negative: boolean): Uint8Array | undefined {
  if (!FLOAT8.has(type)) return undefined;
  return tableOf(`inf ${type} ${positive} ${negative}`, (b) => type === 'float8e5m2' && ((positive && b === 0x7c) || (negative && b === 0xfc)));
}

/** The table over `size` bytes at x in module memory into y (which may be x: each byte is read before it is written). */
export function float8Kernel(x: number, y: number, size: number, table: Uint8Array): void {
  const xs = heapView(Uint8Array, x, size);
  const ys = heapView(Uint8Array, y, size);
  for (let i = 0; i < size; i++) ys[i] = table[xs[i]];
}

/** The table between JS arrays; `backward` when y starts past x in one buffer. */
export function float8Loop(table: Uint8Array): (x: Uint8Array, y: Uint8Array, size: number, backward: boolean) => void {
  return (x, y, size, backward) => {
    if (backward) for (let i = size - 1; i >= 0; i--) y[i] = table[x[i]];
    else for (let i = 0; i < size; i++) y[i] = table[x[i]];
  };
}
