// The instantiated WebAssembly module: its Embind functions and its memory.
// One per process, set by init().

/** The functions cpp/bindings/bindings.cc exports. Offsets and sizes are in bytes unless named n. */
export interface Kernels {
  _malloc(bytes: number): number;
  _free(offset: number): void;
  simd128(): boolean;
  heapBytesInUse(): number;
  heapBytesFree(): number;
  floor(onnxType: number, x: number, y: number, n: number): number;
  /** dims and repeats: `rank` uint32 each. */
  tile(elementSize: number, x: number, y: number, rank: number, dims: number, repeats: number): void;
  /** n elements, each a copy of the elementSize bytes at `value`. */
  fill(elementSize: number, y: number, n: number, value: number): void;
  /** n packed elements of `bits` (4 or 2) bits, each `value`; unused trailing bits 0. */
  fillPacked(bits: number, y: number, n: number, value: number): void;
  /** size and stride: `rank` uint32 each; offset in elements. */
  asStrided(elementSize: number, x: number, y: number, rank: number, size: number, stride: number, offset: number): void;
  /** Packed storage <-> one element per byte. */
  pack(bits: number, bytes: number, packed: number, n: number): void;
  unpack(bits: number, packed: number, bytes: number, n: number): void;
  /** The benchmark's roofline (bench/run.mjs), not part of the API: memory.copy, memory.fill, a bare f32x4.floor loop. */
  benchCopyBytes(dst: number, src: number, bytes: number): void;
  benchCopyV128(dst: number, src: number, bytes: number): void;
  benchFillBytes(dst: number, byte: number, bytes: number): void;
  benchF32FloorPlain(x: number, y: number, n: number): void;
}

export interface LoadedModule {
  readonly kernels: Kernels;
  readonly memory: WebAssembly.Memory;
  readonly simd: boolean;
  readonly wasmBytes: number | undefined;
  readonly source: string;
}

let loaded: LoadedModule | undefined;

export function setModule(module: LoadedModule): void {
  loaded = module;
}

export function isReady(): boolean {
  return loaded !== undefined;
}

/** The module, or the error every op throws before `init()` has resolved. */
export function wasm(): LoadedModule {
  if (loaded === undefined) {
    throw new Error('tessera-wasm is not initialized: call `await tw.init()` before using an op');
  }
  return loaded;
}
