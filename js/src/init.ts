import createTesseraModule from './glue/tessera-glue.js';
import { runtimeFloat16Array, setFloat16Results } from './dtype.js';
import { hasForeignFloat16Array } from './typed-array.js';
import { type OpContext, describe, specError } from './errors.js';
import { type AutoRelease, configureAutoRelease } from './memory.js';
import { booleanOption, choiceOption, countOption, readOptions } from './options.js';
import { type Instance, instanceOf, isReady, setInstance, wasm } from './wasm.js';

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
   * default `{ aboveBytes: 64 MiB, idleMs: 5000 }`; `false` (or `idleMs: Infinity`)
   * leaves it to you. `idleMs` is a whole number of milliseconds up to
   * 2^31 - 1 (the most a timer waits), `aboveBytes` a whole number of bytes;
   * either may be Infinity. Anything else is a SpecError.
   */
  autoRelease?: AutoRelease | false;
  /**
   * `true`: float16 results (op outputs, `toTensor()`, `tw.tensor`,
   * `fromTensorProto`) hold the runtime's `Float16Array`, the same bit
   * patterns as the default `Uint16Array` (a view, no conversion). Only
   * where the runtime has `Float16Array` (Node 24+, Deno, Bun, browsers since
   * 2025; not Node 20 or 22, where `init()` rejects saying so):
   * `init({ float16Array: 'Float16Array' in globalThis })` asks for it
   * where there is one. Applies from the call on, like `autoRelease`; `false`
   * goes back to `Uint16Array`s. An `out` keeps the class you gave.
   */
  float16Array?: boolean;
}

/** The names `init()` knows: any other own key of its options is a SpecError. */
const INIT_OPTIONS = ['wasm', 'backend', 'autoRelease', 'float16Array'] as const;

const INIT: OpContext = { op: 'init' };
// setTimeout waits at most 2^31 - 1 ms; past it, engines fire after 1 ms.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** init()'s options, read once as own properties and checked (a polluted Object.prototype adds none). */
export interface CheckedInitOptions {
  readonly wasm: WasmSource | undefined;
  readonly backend: 'auto' | 'simd' | 'scalar';
  readonly autoRelease: AutoRelease | false | undefined;
  readonly float16Array: boolean | undefined;
}

export function readInitOptions(options: unknown): CheckedInitOptions {
  const own = readOptions(INIT, 'options', options, INIT_OPTIONS);
  const source = own.wasm;
  if (source !== undefined && typeof source !== 'string' && (typeof source !== 'object' || source === null)) {
    throw specError(INIT, 'wasm', `options.wasm must be a URL, a path, the module's bytes or a WebAssembly.Module (got ${describe(source)})`);
  }
  return {
    wasm: source as WasmSource | undefined,
    backend: choiceOption(INIT, 'backend', own.backend, ['auto', 'simd', 'scalar'], 'auto'),
    autoRelease: readAutoRelease(own.autoRelease),
    float16Array: own.float16Array === undefined ? undefined : booleanOption(INIT, 'float16Array', own.float16Array, false),
  };
}

/** The runtime's Float16Array for `float16Array: true`, or a SpecError where it has none; undefined for false. */
function float16ArrayFor(wanted: boolean) {
  if (!wanted) return undefined;
  const Float16 = runtimeFloat16Array();
  if (Float16 === undefined && hasForeignFloat16Array()) {
    throw specError(INIT, 'float16Array', 'init({ float16Array: true }): globalThis.Float16Array is not this engine\'s own typed array class '
      + '(a polyfill, such as @petamoriken/float16 installed as the global, cannot hold tensor data); leave the option out '
      + '(float16 data is then a Uint16Array of bit patterns: tw.decode(t) or t.toArray() give numbers)');
  }
  if (Float16 === undefined) {
    throw specError(INIT, 'float16Array', 'init({ float16Array: true }): this runtime has no Float16Array (Node 20 and 22 lack it); '
      + 'leave the option out (float16 data is then a Uint16Array of bit patterns: tw.decode(t) or t.toArray() give numbers), '
      + 'or pass float16Array: \'Float16Array\' in globalThis');
  }
  return Float16;
}

// Absent fields stay undefined: the last setting (or the default) holds for them.
function readAutoRelease(value: unknown): AutoRelease | false | undefined {
  if (value === undefined || value === false) return value;
  const own = readOptions(INIT, 'autoRelease', value, ['aboveBytes', 'idleMs'], 'autoRelease option');
  return {
    aboveBytes: countOption(INIT, 'aboveBytes', own.aboveBytes, Number.MAX_SAFE_INTEGER, true, undefined, 'autoRelease.aboveBytes'),
    idleMs: countOption(INIT, 'idleMs', own.idleMs, MAX_TIMER_MS, true, undefined, 'autoRelease.idleMs'),
  };
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
export function init(options?: InitOptions): Promise<void> {
  let checked: CheckedInitOptions;
  try {
    checked = readInitOptions(options);
    if (checked.float16Array !== undefined) setFloat16Results(float16ArrayFor(checked.float16Array));
  } catch (error) {
    return Promise.reject(error);
  }
  if (checked.autoRelease !== undefined) configureAutoRelease(checked.autoRelease);
  if (isReady()) return Promise.resolve();
  pending ??= load(checked).then(setInstance, (error: unknown) => {
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

async function load(options: CheckedInitOptions): Promise<Instance> {
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
    const hint = denoHint(cause) || notServedHint(cause, options.wasm === undefined);
    const shown = typeof where === 'string' || where instanceof URL ? resolvedText(where) : source;
    throw new Error(`tessera-wasm: could not load the WebAssembly module from ${shown}: ${messageOf(cause)}${hint}`, { cause });
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
  const ready = createTesseraModule(loaderSettings({
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      WebAssembly.instantiate(compiled, imports).then((instance) => {
        exports = instance.exports;
        keepViewsThroughGrowth(exports);
        receive(instance, compiled);
      }, fail);
      return {};
    },
  }));
  try {
    await Promise.race([ready, failed]);
  } catch (cause) {
    throw cannotInstantiate(about, cause);
  }
  if (exports === undefined) throw cannotInstantiate(about, 'the loader did not finish');
  return instanceOf(exports, { ...about, compiled, renew: () => instantiateNow(compiled, about) });
}

/**
 * A new instance, made synchronously (Node's init(), and releaseMemory(),
 * which swaps instances between two calls). The loader then runs to its end
 * inside createTesseraModule (the static constructors run, and calledRun is
 * set on the object it was given). Browsers allow a synchronous instantiation of a compiled
 * module this small (tens of KB).
 */
function instantiateNow(compiled: WebAssembly.Module, about: About): Instance {
  let exports: WebAssembly.Exports | undefined;
  let failure: unknown;
  const glue: Record<string, unknown> = loaderSettings({
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      try {
        const instance = new WebAssembly.Instance(compiled, imports);
        exports = instance.exports;
        keepViewsThroughGrowth(exports);
        receive(instance, compiled);
      } catch (error) {
        failure = error;
      }
      return {};
    },
  });
  createTesseraModule(glue as never).catch(() => {});  // its promise says nothing the checks below do not
  // The loader's run ends with calledRun set (the static constructors ran): the sign that it finished.
  if (failure !== undefined || exports === undefined || glue.calledRun !== true) {
    throw cannotInstantiate(about, failure ?? 'the loader did not finish');
  }
  return instanceOf(exports, { ...about, compiled, renew: () => instantiateNow(compiled, about) });
}

/**
 * Where the engine can (WebAssembly.Memory's toResizableBuffer: Node 26,
 * Chromium and Firefox), the memory's buffer becomes a resizable ArrayBuffer
 * before the loader first reads it: growth then resizes that buffer in place
 * instead of detaching it, so a resident tensor's view() stays valid across
 * any later call. Elsewhere growth detaches every view (they read as empty;
 * given back to the library they are a SpecError).
 */
function keepViewsThroughGrowth(exports: WebAssembly.Exports): void {
  const memory = Object.values(exports).find((e): e is WebAssembly.Memory => e instanceof WebAssembly.Memory);
  const toResizable = (memory as { toResizableBuffer?: () => ArrayBuffer } | undefined)?.toResizableBuffer;
  if (memory !== undefined && typeof toResizable === 'function') toResizable.call(memory);
}

/**
 * The object the Emscripten loader takes its settings from (it reads
 * Module["locateFile"], Module["preRun"], Module["wasmBinary"] and a dozen
 * more), with no prototype: a polluted Object.prototype sets none of them.
 * The loader calls Module.hasOwnProperty, which such an object lacks: it is
 * given as an own method.
 */
function loaderSettings<T extends object>(settings: T): T & Record<string, unknown> {
  const hasOwnProperty = function (this: object, key: PropertyKey): boolean {
    return Object.prototype.hasOwnProperty.call(this, key);
  };
  return Object.assign(Object.create(null) as object, { hasOwnProperty }, settings) as T & Record<string, unknown>;
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

/**
 * A URL or path as the error shows it: a relative one with the absolute URL
 * fetch() resolved it to (the page's or worker's base), so that a 404 says
 * where the file was looked for.
 */
function resolvedText(where: string | URL): string {
  const text = String(where);
  if (where instanceof URL || /^[a-z][a-z0-9+.-]*:/i.test(text) || isNode()) return text;
  const base = (globalThis as { document?: { baseURI?: string }; location?: { href?: string } }).document?.baseURI
    ?? (globalThis as { location?: { href?: string } }).location?.href;
  if (base === undefined) return text;
  try {
    return `${text} (resolved to ${new URL(text, base).href})`;
  } catch {
    return text;
  }
}

// A 404 of the .wasm init() located by itself: the bundler did not copy it
// (esbuild and Rollup copy no .wasm by default). Say the two ways out.
function notServedHint(cause: unknown, defaultLocationUsed: boolean): string {
  if (!(cause instanceof HttpError) || cause.status !== 404) return '';
  return defaultLocationUsed
    ? '. Your bundler did not copy the .wasm beside the bundle (esbuild and Rollup do not): import \'tessera-wasm/inline\' instead (the .wasm inside the JS), or serve dist/wasm/tessera.wasm yourself and pass its URL: init({ wasm: url })'
    : '. Check the URL given to init({ wasm }); \'tessera-wasm/inline\' needs no .wasm file at all';
}

/** A fetch of the .wasm answered with an HTTP error status. */
class HttpError extends Error {
  constructor(readonly status: number, statusText: string) {
    super(`HTTP ${status} ${statusText}`.trimEnd());
  }
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
  if (!response.ok) throw new HttpError(response.status, response.statusText);
  return response.arrayBuffer();
}
