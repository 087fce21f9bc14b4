import createTesseraModule from './glue/tessera-glue.js';
import { type AutoRelease, configureAutoRelease } from './memory.js';
import { type Instance, type Queries, instanceOf, isReady, setInstance, wasm } from './wasm.js';

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
  /**
   * When the library gives grown memory back by itself (see `releaseMemory()`):
   * default `{ aboveBytes: 64 MiB, idleMs: 5000 }`; `false` leaves it to you.
   */
  autoRelease?: AutoRelease | false;
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
 * later calls, and calls made while loading, share the first one's promise.
 * A failed load rejects, and may be retried.
 */
export function init(options: InitOptions = {}): Promise<void> {
  if (options.autoRelease !== undefined) configureAutoRelease(options.autoRelease);
  if (isReady()) return Promise.resolve();
  pending ??= load(options).then(setInstance, (error: unknown) => {
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

async function load(options: InitOptions): Promise<Instance> {
  const useSimd = options.backend === 'simd' || (options.backend !== 'scalar' && simdSupported());
  const where = options.wasm ?? defaultLocation(useSimd);
  const source = where instanceof WebAssembly.Module ? 'module'
    : typeof where === 'string' || where instanceof URL ? String(where) : 'bytes';
  let compiled: WebAssembly.Module;
  let wasmBytes: number | undefined;
  try {
    if (where instanceof WebAssembly.Module) {
      compiled = where;
    } else {
      const bytes = typeof where === 'string' || where instanceof URL ? await fetchWasm(where) : where;
      wasmBytes = bytes.byteLength;
      // Node compiles a module this small (tens of KB, lazily) faster than a
      // round trip through its background threads; browsers forbid it on the
      // main thread for modules this size.
      compiled = isNode() ? new WebAssembly.Module(bytes as BufferSource) : await WebAssembly.compile(bytes as BufferSource);
    }
  } catch (cause) {
    throw new Error(`tessera-wasm: could not load the WebAssembly module from ${source}: ${messageOf(cause)}${denoHint(cause)}`, { cause });
  }
  return instantiate(compiled, { wasmBytes, source });
}

type About = Pick<Instance, 'wasmBytes' | 'source'>;

/**
 * A new instance of a compiled module, with its own fresh memory. Rejects
 * (never hangs) when instantiation fails, in browsers too. Node instantiates
 * synchronously, as it compiles (above).
 */
async function instantiate(compiled: WebAssembly.Module, about: About): Promise<Instance> {
  if (isNode()) return instantiateNow(compiled, about);
  let exports: WebAssembly.Exports | undefined;
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => { fail = reject; });
  const ready = createTesseraModule({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then((instance) => {
        exports = instance.exports;
        receive(instance, compiled);
      }, fail);
      return {};
    },
  });
  let queries: Queries;
  try {
    queries = (await Promise.race([ready, failed])) as Queries;
  } catch (cause) {
    throw cannotInstantiate(about, cause);
  }
  if (exports === undefined) throw cannotInstantiate(about, 'the loader did not finish');
  return instanceOf(exports, queries, { ...about, compiled, renew: () => instantiateNow(compiled, about) });
}

/**
 * A new instance, made synchronously (Node's init(), and releaseMemory(),
 * which swaps instances between two calls). The loader then runs to its end
 * inside createTesseraModule, and registers the Embind queries on the object
 * it was given. Browsers allow a synchronous instantiation of a compiled
 * module this small (tens of KB).
 */
function instantiateNow(compiled: WebAssembly.Module, about: About): Instance {
  let exports: WebAssembly.Exports | undefined;
  let failure: unknown;
  const glue: Record<string, unknown> = {
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      try {
        const instance = new WebAssembly.Instance(compiled, imports);
        exports = instance.exports;
        receive(instance, compiled);
      } catch (error) {
        failure = error;
      }
      return {};
    },
  };
  createTesseraModule(glue as never).catch(() => {});  // its promise says nothing the checks below do not
  if (failure !== undefined || exports === undefined || typeof glue.heapBytesInUse !== 'function') {
    throw cannotInstantiate(about, failure ?? 'the loader did not finish');
  }
  return instanceOf(exports, glue as unknown as Queries, { ...about, compiled, renew: () => instantiateNow(compiled, about) });
}

function cannotInstantiate(about: About, cause: unknown): Error {
  return new Error(`tessera-wasm: could not instantiate the WebAssembly module from ${about.source}: ${messageOf(cause)}`, { cause });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Deno refuses to read files without a permission; say which.
function denoHint(cause: unknown): string {
  const deno = (globalThis as { Deno?: unknown }).Deno;
  const name = (cause as { name?: unknown } | undefined)?.name;
  return deno !== undefined && (name === 'NotCapable' || name === 'PermissionDenied')
    ? ' (Deno: run with --allow-read on the package\'s dist/wasm folder, or pass init({ wasm: bytes }))'
    : '';
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
  return (await import(/* @vite-ignore */ /* webpackIgnore: true */ name)) as NodeFs;
}

async function fetchWasm(where: string | URL): Promise<ArrayBuffer | Uint8Array> {
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
