// The module Worker: the same checks as the page's main thread, in a realm of its own.
import * as tw from '../../../dist/esm/index.js';
import { runHere } from './host.mjs';

runHere(tw, location.search).then((result) => postMessage(result));
