// The workloads: what each one computes, in tessera, the peers and plain JS.
// The suite (bench/suite.mjs) turns a prepared workload into its timed
// implementations (default, out, resident, scalar, js, js out, roofline), so
// each workload states only its op and inputs. No Node imports: the browsers
// run the same list.
//
// prepare(host) gives:
//   xs, data            the input tensors (none for ConstantOfShape) and the first one's typed array
//   Out, outLength      the output's typed array class and length
//   run(lib, xs, options)  the op in a tessera instance (the SIMD or scalar one), on its inputs xs
//   tolerance           { rtol, atol }: the implementations agree within it, not to the bit (float sums, exp)
//   options(extra)      the op's options object with `extra` ({ out } or { resident: true }) merged in
//   residentByOption    ConstantOfShape has no input: its resident output comes from { resident: true }
//   js(y)               a plain JS loop writing the output into y (absent where there is none)
//   ort, tfjs           the peers' calls, when they are loaded and have the op and type
//   canvas              the canvas's drawImage, in browsers, for the image rows
//   roofline            { inputs, fillByte, kernel, reads } for bench/roofline.mjs
import { familyWorkloads } from './family-workloads.mjs';
import { frontEndWorkloads } from './front-end-workloads.mjs';
import { oneNodeModel } from './onnx-model.mjs';
import { asStrided2Into, castF16F32Into, castU8F32Into, fillInto, floorBf16Into, floorF32Into, random, tileInto } from './plain-js.mjs';
import { quantizeWorkloads } from './quantize-workloads.mjs';
import { ARRAY, SHORT, TF_TYPES, ortSession, product } from './workload-kit.mjs';

const sameOptions = (extra) => extra;

export function tileWorkload(type, dims, repeats) {
  const Out = ARRAY[type];
  const outLength = product(dims.map((d, i) => d * repeats[i]));
  return {
    name: `tile ${SHORT[type]} [${dims}]x[${repeats}]`,
    op: 'tile', type, outBytes: outLength * Out.BYTES_PER_ELEMENT,
    async prepare({ tw, ort, tf }) {
      const data = random(type, product(dims));
      const prepared = {
        xs: [new tw.Tensor(type, data, dims)], data, Out, outLength,
        run: (lib, [input], options) => lib.tile(input, repeats, options),
        options: sameOptions,
        js: (y) => tileInto(y, data, dims, repeats),
        roofline: { inputs: [data] },
      };
      if (ort) {
        const r = tw.toTensorProto(new tw.Tensor('int64', BigInt64Array.from(repeats, BigInt), [repeats.length]));
        const s = await ortSession(ort, oneNodeModel({ op: 'Tile', inputs: [{ name: 'x', type }],
          initializers: [{ name: 'repeats', proto: r }], outputType: type }));
        prepared.ort = async () => (await s.run({ x: new ort.Tensor(type, data, dims) })).y.data;
      }
      if (tf && TF_TYPES.has(type)) {
        prepared.tfjs = () => tf.tidy(() => tf.tile(tf.tensor(data, dims, type), repeats).dataSync());
      }
      return prepared;
    },
  };
}

export function floorWorkload(type, n) {
  const Out = ARRAY[type];
  return {
    name: `floor ${SHORT[type]} ${n < 1000 ? n : n.toExponential().replace('+', '')}`,
    op: 'floor', type, outBytes: n * Out.BYTES_PER_ELEMENT,
    async prepare({ tw, ort, tf }) {
      const data = random(type, n);
      const prepared = {
        xs: [new tw.Tensor(type, data, [n])], data, Out, outLength: n,
        run: (lib, [input], options) => lib.floor(input, options),
        options: sameOptions,
        // floor f32's resident target is a bare f32x4.floor loop over the same data; the others', a copy.
        roofline: { inputs: [data], kernel: type === 'float32' ? (bench, src, dst) => bench.tessera_bench_f32_floor_plain(src, dst, n) : undefined },
      };
      if (type === 'float32') prepared.js = (y) => floorF32Into(y, data);
      if (type === 'bfloat16') prepared.js = (y) => floorBf16Into(y, data);
      if (ort && type !== 'bfloat16') {  // onnxruntime has no bfloat16 Floor
        const s = await ortSession(ort, oneNodeModel({ op: 'Floor', inputs: [{ name: 'x', type }], outputType: type }));
        prepared.ort = async () => (await s.run({ x: new ort.Tensor(type, data, [n]) })).y.data;
      }
      if (tf && TF_TYPES.has(type)) {
        prepared.tfjs = () => tf.tidy(() => tf.floor(tf.tensor(data, [n], type)).dataSync());
      }
      return prepared;
    },
  };
}

export function constantWorkload(type, dims) {
  const Out = ARRAY[type];
  const outLength = product(dims);
  const scalar = type === 'int64' ? 0x0102030405060708n : 1.5;  // not one repeated byte: no memset shortcut
  return {
    name: `constantOfShape ${SHORT[type]} [${dims}]`,
    op: 'constantOfShape', type, outBytes: outLength * Out.BYTES_PER_ELEMENT,
    async prepare({ tw, ort, tf }) {
      const value = new tw.Tensor(type, Out.of(scalar), [1]);
      const prepared = {
        xs: [], Out, outLength, residentByOption: true,
        run: (lib, _xs, options) => lib.constantOfShape(dims, value, options),
        options: sameOptions,
        js: (y) => fillInto(y, scalar),
        // The roofline fills with one byte (memory.fill); the op's value is 8 or 4 distinct bytes.
        roofline: { fillByte: 0x3f },
      };
      if (ort) {
        const s = await ortSession(ort, oneNodeModel({ op: 'ConstantOfShape', inputs: [{ name: 'shape', type: 'int64' }],
          outputType: type, attributes: { value: tw.toTensorProto(value) } }));
        const shape = BigInt64Array.from(dims, BigInt);
        prepared.ort = async () => (await s.run({ shape: new ort.Tensor('int64', shape, [dims.length]) })).y.data;
      }
      if (tf && TF_TYPES.has(type)) prepared.tfjs = () => tf.tidy(() => tf.fill(dims, scalar, type).dataSync());
      return prepared;
    },
  };
}

export function asStridedWorkload(label, inputDims, size, stride) {
  const n = product(inputDims);
  const outLength = product(size);
  return {
    name: `asStrided f32 ${label} [${size}] stride [${stride}]`,
    op: 'asStrided', type: 'float32', outBytes: outLength * 4,
    async prepare({ tw, ort, tf }) {
      const data = random('float32', n);
      const prepared = {
        xs: [new tw.Tensor('float32', data, inputDims)], data, Out: Float32Array, outLength,
        run: (lib, [input], options) => lib.asStrided(input, options),
        options: (extra) => ({ size, stride, ...extra }),
        js: (y) => asStrided2Into(y, data, size, stride),
        roofline: { inputs: [data] },
      };
      if (ort) {
        // No AsStrided in ONNX: Gather of the flat input with a constant index tensor.
        const indices = new BigInt64Array(outLength);
        for (let i = 0, o = 0; i < size[0]; i++) {
          for (let j = 0; j < size[1]; j++) indices[o++] = BigInt(i * stride[0] + j * stride[1]);
        }
        const s = await ortSession(ort, oneNodeModel({ op: 'Gather', inputs: [{ name: 'x', type: 'float32' }],
          initializers: [{ name: 'indices', proto: tw.toTensorProto(new tw.Tensor('int64', indices, size)) }],
          outputType: 'float32', attributes: { axis: 0 } }));
        prepared.ort = async () => (await s.run({ x: new ort.Tensor('float32', data, [n]) })).y.data;
      }
      if (tf && label === 'transpose') {
        prepared.tfjs = () => tf.tidy(() => tf.transpose(tf.tensor(data, inputDims, 'float32')).dataSync());
      }
      return prepared;
    },
  };
}

/** Cast of n elements from uint8 or float16 to float32 (pixels and half-precision weights into a model). */
export function castWorkload(from, n) {
  return {
    name: `cast ${SHORT[from]}->f32 ${n.toExponential().replace('+', '')}`,
    op: 'cast', type: from, outBytes: n * 4,
    async prepare({ tw, ort }) {
      const data = random(from, n);
      const prepared = {
        xs: [new tw.Tensor(from, data, [n])], data, Out: Float32Array, outLength: n,
        run: (lib, [input], options) => lib.cast(input, 'float32', options),
        options: sameOptions,
        js: (y) => (from === 'uint8' ? castU8F32Into(y, data) : castF16F32Into(y, data)),
        roofline: { inputs: [data] },
      };
      if (ort) {
        const s = await ortSession(ort, oneNodeModel({ op: 'Cast', inputs: [{ name: 'x', type: from }], outputType: 'float32',
          attributes: { to: tw.DTYPES.float32.onnx } }));
        prepared.ort = async () => (await s.run({ x: new ort.Tensor(from, data, [n]) })).y.data;
      }
      return prepared;
    },
  };
}

/** The workloads of a run, in table order; the smoke run has one tiny workload. */
export function workloads({ smoke }) {
  if (smoke) return [tileWorkload('float32', [4, 4], [2, 2])];
  return [
    tileWorkload('float32', [4, 4], [2, 2]),
    tileWorkload('float32', [256, 256], [2, 2]),
    tileWorkload('float32', [1024, 1024], [2, 2]),
    tileWorkload('float32', [8, 16, 32, 32], [1, 2, 1, 2]),
    tileWorkload('int64', [256, 256], [2, 2]),
    floorWorkload('float32', 16),
    floorWorkload('float32', 1e3),
    floorWorkload('float32', 1e6),
    floorWorkload('float32', 4e6),
    floorWorkload('float16', 1e6),
    floorWorkload('bfloat16', 1e6),
    constantWorkload('float32', [1024, 1024]),
    constantWorkload('int64', [1024, 1024]),
    asStridedWorkload('windows', [65600], [65536, 64], [1, 1]),
    asStridedWorkload('transpose', [1024, 1024], [1024, 1024], [1, 1024]),
    castWorkload('uint8', 1e6),
    castWorkload('float16', 1e6),
    ...familyWorkloads(),
    ...frontEndWorkloads(),
    ...quantizeWorkloads(),
  ];
}

/** The size sweep's workloads: float32 tile [n/256, 64]x[2, 2] and floor n, 1 KiB to 64 MiB of output. */
export function sweepWorkloads({ smoke }) {
  const sizes = smoke ? [1024] : [1024, 4096, 16384, 65536, 262144, 1 << 20, 1 << 22, 1 << 24, 1 << 26];
  return sizes.flatMap((bytes) => [
    { bytes, ...tileWorkload('float32', [bytes / 4 / 4 / 64, 64], [2, 2]) },
    { bytes, ...floorWorkload('float32', bytes / 4) },
  ]);
}
