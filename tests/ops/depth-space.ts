// DepthToSpace's and SpaceToDepth's test modules: every type of their newest versions, blocksizes 1 to 3, both modes.
import * as tw from 'tessera-wasm';
import { depthToSpaceReference, spaceToDepthReference } from '../js/movement-reference';
import { like, perType, plain } from './movement-cases';
import type { OpTest } from './op-test';
import { between, pick } from './support';

let blocks = 2;  // the blocksize the next case's dims are made for (perType makes the dims just before the case)

export const DEPTH_TO_SPACE: OpTest = {
  op: 'DepthToSpace',
  cases: (random) => perType('DepthToSpace', 'T', random, (x) => {
    const mode = pick(random, ['DCR', 'CRD']);
    return { label: `blocksize ${blocks} ${mode}`, inputs: [x], attributes: { blocksize: blocks, mode } };
  }, () => {
    blocks = between(random, 1, 3);
    return [between(random, 0, 2), blocks * blocks * between(random, 1, 2), between(random, 1, 3), between(random, 1, 3)];
  }),
  reference: ({ inputs: [x], attributes }) => [like(x!, depthToSpaceReference(plain(x!), attributes.blocksize as number, attributes.mode as string))],
  named: ({ inputs: [x], attributes }, options) =>
    tw.depthToSpace(x as never, attributes.blocksize as number, { mode: attributes.mode as never, ...options } as never),
  tooLarge: 'the output is its input rearranged, and the input exists',
  fuzz: ['as-strided'],
};

export const SPACE_TO_DEPTH: OpTest = {
  op: 'SpaceToDepth',
  cases: (random) => perType('SpaceToDepth', 'T', random, (x) => ({ label: `blocksize ${blocks}`, inputs: [x], attributes: { blocksize: blocks } }), () => {
    blocks = between(random, 1, 3);
    return [between(random, 0, 2), between(random, 1, 3), blocks * between(random, 1, 3), blocks * between(random, 1, 3)];
  }),
  reference: ({ inputs: [x], attributes }) => [like(x!, spaceToDepthReference(plain(x!), attributes.blocksize as number))],
  named: ({ inputs: [x], attributes }, options) => tw.spaceToDepth(x as never, attributes.blocksize as number, options as never),
  tooLarge: 'the output is its input rearranged, and the input exists',
  fuzz: ['as-strided'],
};
