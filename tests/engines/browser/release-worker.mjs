// A Worker with its own instance: a large op, then releaseMemory(); posts the bytes released.
import * as tw from '../../../dist/esm/index.js';

await tw.init();
tw.floor(new tw.Tensor('float32', new Float32Array(8 << 20), [8 << 20]));
postMessage(tw.releaseMemory());
