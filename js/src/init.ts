import createTesseraModule from './glue/tessera-glue.js';
import { type Kernels, type LoadedModule, isReady, setModule, wasm } from './module.js';

declare global {
  // The DOM lib declares WebAssembly; a Node project compiled without it
  // (`lib: ["ES2022"]` and @types/node) would not find the type WasmSource
  // names. This merges with the DOM's empty interface, and stands alone where
  // there is none.
  namespace WebAssembly {
    interface Module {}
  }
}

/**
 * Where the WebAssembly module comes from: a URL or path, its bytes, or a
 * compiled module. (`WebAssembly.Module` has no members, so any value would
 * match it; `& object` at least turns away numbers and booleans.)
 */
export type WasmSource = string | URL | ArrayBuffer | ArrayBufferView | (WebAssembly.Module & object);

/** Options of `init()`: where the .wasm comes from and which build to load. */
export interface InitOptions {
  /**
   * The module to load, for hosts that serve the .wasm themselves (a CDN, a
   * strict Content-Security-Policy page). Default: `tessera.wasm` beside the
   * package's JS (read from disk in Node, fetched in browsers), or
   * `tessera-scalar.wasm` where the host lacks SIMD128.
   */
  wasm?: WasmSource;
  /** Which default build to load: `'auto'` (default) picks SIMD128 when the host validates it. */
  backend?: 'auto' | 'simd' | 'scalar';
}

/** What `init()` loaded. */
export interface BackendInfo {
  /** The running build uses WebAssembly SIMD128 (false: the scalar fallback). */
  simd: boolean;
  /** The host validates SIMD128 modules. */
  simdSupported: boolean;
  /** Size of the .wasm loaded, when known. */
  wasmBytes: number | undefined;
  /** Where it came from: a URL or path, or `bytes` / `module`. */
  source: string;
}

// (module (func (result v128) i32.const 0 i8x16.splat))
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11,
]);

/** The host can run WebAssembly SIMD128. */
export function simdSupported(): boolean {
  return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
}

let pending: Promise<void> | undefined;

/**
 * Instantiates the WebAssembly module; every op needs it first. Idempotent:
 * later calls, and calls made while loading, share the first one's promise
 * (a failed load may be retried).
 */
export function init(options: InitOptions = {}): Promise<void> {
  if (isReady()) return Promise.resolve();
  pending ??= load(options).then(setModule, (error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

/** Which build is running and where it came from. Throws before `init()`. */
export function backendInfo(): BackendInfo {
  const { simd, wasmBytes, source } = wasm();
  return { simd, simdSupported: simdSupported(), wasmBytes, source };
}

async function load(options: InitOptions): Promise<LoadedModule> {
  const useSimd = options.backend === 'simd' || (options.backend !== 'scalar' && simdSupported());
  const where = options.wasm ?? defaultLocation(useSimd);
  const describeSource = where instanceof WebAssembly.Module ? 'module'
    : typeof where === 'string' || where instanceof URL ? String(where) : 'bytes';
  let compiled: WebAssembly.Module;
  let wasmBytes: number | undefined;
  try {
    if (where instanceof WebAssembly.Module) {
      compiled = where;
    } else {
      const bytes = typeof where === 'string' || where instanceof URL ? await readBytes(where) : where;
      wasmBytes = bytes.byteLength;
      // Node compiles a module this small (tens of KB, lazily) faster than a
      // round trip through its background threads; browsers forbid it on the
      // main thread for modules this size.
      compiled = isNode() ? new WebAssembly.Module(bytes as BufferSource) : await WebAssembly.compile(bytes as BufferSource);
    }
  } catch (cause) {
    throw new Error(`tessera-wasm: could not load the WebAssembly module from ${describeSource}: ${(cause as Error)?.message ?? cause}`, { cause });
  }

  let exports: WebAssembly.Exports | undefined;
  let failure: unknown;
  const ready = createTesseraModule({
    instantiateWasm(imports, receive) {
      if (isNode()) {  // as above: synchronous in Node
        try {
          const instance = new WebAssembly.Instance(compiled, imports);
          exports = instance.exports;
          receive(instance, compiled);
        } catch (error) {
          failure = error;
        }
        return {};
      }
      WebAssembly.instantiate(compiled, imports).then((instance) => {
        exports = instance.exports;
        receive(instance, compiled);
      });
      return {};
    },
  });
  if (failure !== undefined) {
    throw new Error(`tessera-wasm: could not instantiate the WebAssembly module from ${describeSource}: ${(failure as Error)?.message ?? failure}`, { cause: failure });
  }
  const embind = (await ready) as EmbindQueries;
  const memory = exports && Object.values(exports).find((e): e is WebAssembly.Memory => e instanceof WebAssembly.Memory);
  if (exports === undefined || memory === undefined) throw new Error('tessera-wasm: the WebAssembly module exports no memory');
  const kernels = kernelsOf(exports, embind);
  return { kernels, memory, simd: kernels.simd128(), wasmBytes, source: describeSource };
}

/** What the module registers through Embind (cpp/bindings/bindings.cc): the cold queries. */
type EmbindQueries = Pick<Kernels, 'simd128' | 'heapBytesInUse' | 'heapBytesFree'>;

// The C export behind each Kernels function: called as the instance's own
// functions, with no Embind invoker in between (bindings.cc says why).
const C_EXPORTS = {
  _malloc: 'malloc', _free: 'free',
  floor: 'tessera_floor', tile: 'tessera_tile', fill: 'tessera_fill', fillPacked: 'tessera_fill_packed',
  asStrided: 'tessera_as_strided', pack: 'tessera_pack', unpack: 'tessera_unpack',
  benchCopyBytes: 'tessera_bench_copy_bytes', benchCopyV128: 'tessera_bench_copy_v128',
  benchFillBytes: 'tessera_bench_fill_bytes',
  benchF32FloorPlain: 'tessera_bench_f32_floor_plain',
} as const satisfies Record<Exclude<keyof Kernels, keyof EmbindQueries>, string>;

function kernelsOf(exports: WebAssembly.Exports, embind: EmbindQueries): Kernels {
  const kernels: Record<string, unknown> = { simd128: embind.simd128, heapBytesInUse: embind.heapBytesInUse, heapBytesFree: embind.heapBytesFree };
  for (const [name, symbol] of Object.entries(C_EXPORTS)) {
    if (typeof exports[symbol] !== 'function') throw new Error(`tessera-wasm: the WebAssembly module does not export ${symbol}`);
    kernels[name] = exports[symbol];
  }
  return kernels as unknown as Kernels;
}

// Literal `new URL(..., import.meta.url)` so that bundlers find and copy the files.
function defaultLocation(simd: boolean): URL {
  return simd
    ? new URL('../wasm/tessera.wasm', import.meta.url)
    : new URL('../wasm/tessera-scalar.wasm', import.meta.url);
}

interface NodeFs {
  readFile(path: string | URL): Promise<Uint8Array>;
}

interface NodeFsSync {
  readFileSync(path: string | URL): Uint8Array;
}

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

async function nodeFs(): Promise<NodeFs> {
  const p = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process;
  const builtin = p?.getBuiltinModule?.('node:fs/promises');
  if (builtin) return builtin as NodeFs;
  const name = 'node:fs/promises';  // a variable keeps bundlers from following it
  return (await import(/* @vite-ignore */ name)) as NodeFs;
}

async function readBytes(where: string | URL): Promise<ArrayBuffer | Uint8Array> {
  const hasScheme = where instanceof URL || /^[a-z][a-z0-9+.-]*:/i.test(where);
  if (isNode() && (!hasScheme || String(where).startsWith('file:'))) {
    const path = hasScheme ? new URL(String(where)) : where;
    // A read of tens of KB: synchronous costs less than the thread pool's round trip.
    const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process?.getBuiltinModule;
    const fs = getBuiltin?.('node:fs') as NodeFsSync | undefined;
    if (fs) return fs.readFileSync(path);
    return (await nodeFs()).readFile(path);
  }
  const response = await fetch(where);
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
  return response.arrayBuffer();
}
