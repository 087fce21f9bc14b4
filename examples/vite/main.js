import * as tw from 'tessera-wasm';

await tw.init();   // Vite copies tessera.wasm into the build and init() fetches it
const x = tw.tensor('float32', [1.5, -2.25, 3, -0.5], [2, 2]);

document.querySelector('#out').textContent = [
  String(tw.tile(x, [1, 2])),
  String(tw.floor(x)),
  `backend: ${tw.backendInfo().simd ? 'SIMD128' : 'scalar'}`,
].join('\n\n');
