// A Worker with its own instance: a large op, then releaseMemory(); posts the bytes released.
import * as tw from '../../../dist/esm/index.js';

await tw.init();
tw.tile(new tw.Tensor('float32', new Float32Array(1024), [1, 1024]), [8192, 1]);
postMessage(tw.releaseMemory());
