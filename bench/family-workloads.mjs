// The op families' workloads (reductions, data movement, elementwise: issues
// 37, 35 and 36 name them), each one declarative entry over one factory:
// its inputs, its output, the tessera call, the ONNX node onnxruntime-web runs,
// the tfjs call where tfjs has the op and type, and a plain JS loop. The suite
// (bench/suite.mjs) times the rest. No Node imports: the browsers run it too.
import { oneNodeModel } from './onnx-model.mjs';
import * as loops from './plain-js.mjs';
import { detections, nonMaxSuppressionCenter, topKInto } from './plain-js-postprocess.mjs';
import { ARRAY, SHORT, TF_TYPES, ortSession, product, storageLength } from './workload-kit.mjs';

/**
 * One workload of an op family.
 * @param name     the table's row
 * @param op       the tessera function's name (the A/B skips an op its base build lacks)
 * @param inputs   [{ type, dims, range?, values?, tfData? }]: the tensors fed at each call, `values` (or a function
 *                 giving them, called when the workload is prepared; a packed type's as its storage bytes) or
 *                 random in ±range (default 1000); tfData:
 *                 the tfjs call gets this input's typed array, not a tensor, and makes the tensors it takes
 * @param output   { type, dims }: the one output; without dims its size is data-dependent (NonMaxSuppression's
 *                 [selected, 3]): it is that of a first call, and there is no `out` or js out column
 * @param outputs  { name: { type, dims } }: several outputs instead of one (TopK's values and indices), named as
 *                 tessera's result object and its `out` option, the ONNX node's outputs and tfjs's result
 * @param constants { name: [type, values, dims?] | null }: constant inputs, tessera Tensors in the calls and
 *                 initializers of the ONNX node, after the fed inputs in this order; null: an optional input
 *                 the node leaves out (an empty name: Resize's roi and scales when it is given sizes)
 * @param tessera  (lib, xs, constants, options) => the call; options hold `out` or nothing
 * @param onnx     { op, attributes?, opset? }: the node onnxruntime-web runs (none: no peer)
 * @param tfjs     (tf, tensors, constants) => the tfjs op's tensor (or result object) on tf tensors of the inputs
 *                 (none: tfjs has no such op)
 * @param js       (y, datas, constants) => y: the plain loop, writing the output into y (several: y is
 *                 { name: array }; data-dependent: y is undefined and the loop returns a fresh array)
 * @param tolerance { rtol, atol } where the implementations round differently (sums, exp)
 * @param reads    the roofline's move is one read of the inputs (a reduction), not a copy of the output
 * @param peers    async (host, datas, constants) => { ort?, tfjs?, canvas? }: calls one node or one tfjs call on
 *                 float32 tensors cannot make (two sessions in a chain, tfjs on uint8 pixels, the canvas)
 */
export function familyWorkload({ name, op, inputs, output, outputs, constants = {}, tessera, onnx, tfjs, js, tolerance, reads, peers }) {
  const several = outputs !== undefined;
  const named = several ? Object.entries(outputs) : [['y', output]];
  const known = named.every(([, o]) => o.dims);
  // Storage lengths: an int4 output is half as many bytes as elements (QuantizeLinear's rows).
  const lengths = known ? named.map(([, o]) => storageLength(o.type, product(o.dims))) : undefined;
  const outBytes = known ? named.reduce((sum, [, o], i) => sum + lengths[i] * ARRAY[o.type].BYTES_PER_ELEMENT, 0) : undefined;
  // The suite's one output class: the output's own, or bytes for several (the roofline copies out their bytes).
  const Out = several ? Uint8Array : ARRAY[output.type];
  const newOut = !known ? undefined
    : several ? () => Object.fromEntries(named.map(([k, o], i) => [k, new ARRAY[o.type](lengths[i])])) : () => new Out(lengths[0]);
  // Several outputs go to the suite as one list, in `outputs`' order: its check compares each.
  const listed = (r) => (several ? named.map(([k]) => r[k]) : r);
  return {
    name, op, type: inputs[0].type, outBytes,
    async prepare({ tw, ort, tf }) {
      const valuesOf = (x) => (typeof x.values === 'function' ? x.values() : x.values);
      const datas = inputs.map((x, i) => (x.values ? ARRAY[x.type].from(valuesOf(x)) : loops.random(x.type, product(x.dims), i + 1, x.range)));
      const given = Object.entries(constants).filter(([, v]) => v !== null);
      const c = Object.fromEntries(given.map(([k, [type, values, dims = [values.length]]]) =>
        [k, new tw.Tensor(type, ARRAY[type].from(values, type === 'int64' ? BigInt : Number), dims)]));
      const xs = inputs.map((x, i) => new tw.Tensor(x.type, datas[i], x.dims));
      const run = (lib, ins, options) => {
        const r = tessera(lib, ins, c, options);
        if (!several) return r;
        return { get data() { return listed(r).map((t) => t.data); }, dispose: () => listed(r).forEach((t) => t.dispose()) };
      };
      const prepared = {
        xs, data: datas[0], Out, outLength: known ? outBytes / Out.BYTES_PER_ELEMENT : undefined, newOut, tolerance, run,
        options: (extra) => extra,
        js: js && ((y) => listed(js(y, datas, c))),
        roofline: { inputs: datas, reads },
      };
      if (!known) prepared.outBytes = run(tw, xs, undefined).data.byteLength;  // what this input selects
      if (ort && onnx) {
        const fed = inputs.map((x, i) => ({ name: `x${i}`, type: x.type }));
        const session = await ortSession(ort, oneNodeModel({
          op: onnx.op, inputs: fed, outputs: named.map(([k, o]) => ({ name: k, type: o.type })), attributes: onnx.attributes, opset: onnx.opset,
          initializers: Object.keys(constants).map((k) => (c[k] ? { name: k, proto: tw.toTensorProto(c[k]) } : { name: '' })),
        }));
        prepared.ort = async () => {
          const r = await session.run(Object.fromEntries(inputs.map((x, i) => [`x${i}`, new ort.Tensor(x.type, datas[i], x.dims)])));
          const data = named.map(([k]) => r[k].data);
          return several ? data : data[0];
        };
      }
      if (tf && tfjs && inputs.every((x) => TF_TYPES.has(x.type))) {
        prepared.tfjs = () => {
          // The data read after tidy, not in it: tidy walks whatever its function returns for tensors to keep,
          // and a typed array it is given is walked element by element, each value into a Set.
          const r = tf.tidy(() => tfjs(tf, inputs.map((x, i) => (x.tfData ? datas[i] : tf.tensor(datas[i], x.dims, x.type))), c));
          const tensors = several ? listed(r) : [r];
          const data = tensors.map((t) => t.dataSync());
          tensors.forEach((t) => t.dispose());
          return several ? data : data[0];
        };
      }
      if (peers) Object.assign(prepared, await peers({ tw, ort, tf }, datas, c));
      return prepared;
    },
  };
}

// ---------------------------------------------------------------------------
// The families' rows. Each helper names what its rows share; the lists below
// hold only what differs.

const f32 = (dims, range) => ({ type: 'float32', dims, range });
const outDims = (dims, axis, keep) => dims.flatMap((d, a) => (a !== axis ? [d] : keep ? [1] : []));

/** ReduceMax / ReduceMean over one axis, keepdims 0 (axes an input from opset 18). */
function reduceRow(onnxOp, named, dims, axis) {
  return familyWorkload({
    name: `${named} f32 [${dims}] axis ${axis}`, op: named, inputs: [f32(dims)], output: { type: 'float32', dims: outDims(dims, axis) },
    constants: { axes: ['int64', [axis]] }, reads: true,
    tessera: (lib, [x], c, o) => lib[named](x, { axes: c.axes, keepdims: false, ...o }),
    onnx: { op: onnxOp, attributes: { keepdims: 0 } },
    tfjs: (tf, [x]) => (named === 'reduceMax' ? tf.max(x, axis) : tf.mean(x, axis)),
    js: (y, [x]) => (named === 'reduceMax' ? loops.reduceMaxInto : loops.reduceMeanInto)(y, x, dims, axis),
    tolerance: named === 'reduceMean' ? { rtol: 1e-5, atol: 1e-4 } : undefined,
  });
}

const argMaxRow = (dims, axis) => familyWorkload({
  name: `argMax f32 [${dims}] axis ${axis}`, op: 'argMax', inputs: [f32(dims)], output: { type: 'int64', dims: outDims(dims, axis) }, reads: true,
  tessera: (lib, [x], _c, o) => lib.argMax(x, { axis, keepdims: false, ...o }),
  onnx: { op: 'ArgMax', attributes: { axis, keepdims: 0 } },
  tfjs: (tf, [x]) => tf.argMax(x, axis),  // int32 indices: compared by value
  js: (y, [x]) => loops.argMaxInto(y, x, dims, axis),
});

/** Softmax over the last axis of logits in ±20 (exp neither overflows nor flushes them all to 0). */
const softmaxRow = (dims) => familyWorkload({
  name: `softmax f32 [${dims}] axis -1`, op: 'softmax', inputs: [f32(dims, 20)], output: { type: 'float32', dims },
  tessera: (lib, [x], _c, o) => lib.softmax(x, { axis: -1, ...o }),
  onnx: { op: 'Softmax', attributes: { axis: -1 } },
  tfjs: (tf, [x]) => tf.softmax(x),
  js: (y, [x]) => loops.softmaxInto(y, x, dims.at(-1)),
  tolerance: { rtol: 1e-4, atol: 1e-9 },
});

/**
 * Transpose by a perm that swaps two adjacent groups of axes after a batch of
 * leading ones ([0, 2, 1], [1, 0], NCHW -> NHWC): the JS loop is then a batch
 * of 2-D transposes.
 */
function transposeRow(dims, perm) {
  const k = perm.findIndex((p, i) => p !== i);
  const m = perm[k];
  const axes = dims.map((_, a) => a);
  if (perm.join() !== [...axes.slice(0, k), ...axes.slice(m), ...axes.slice(k, m)].join()) {
    throw new Error(`transposeRow: perm [${perm}] is no swap of two adjacent groups of axes`);
  }
  const [batch, rows, cols] = [product(dims.slice(0, k)), product(dims.slice(k, m)), product(dims.slice(m))];
  return familyWorkload({
    name: `transpose f32 [${dims}] perm [${perm}]`, op: 'transpose', inputs: [f32(dims)], output: { type: 'float32', dims: perm.map((p) => dims[p]) },
    tessera: (lib, [x], _c, o) => lib.transpose(x, perm, o),
    onnx: { op: 'Transpose', attributes: { perm } },
    tfjs: (tf, [x]) => tf.transpose(x, perm),
    js: (y, [x]) => loops.transpose2dInto(y, x, batch, rows, cols),
  });
}

/** Pad of H and W (the last two axes) by `p` on every side. */
const padRow = (dims, p, mode) => familyWorkload({
  name: `pad f32 [${dims}] by ${p} ${mode}`, op: 'pad', inputs: [f32(dims)],
  output: { type: 'float32', dims: dims.map((d, a) => (a >= dims.length - 2 ? d + 2 * p : d)) },
  constants: { pads: ['int64', dims.map((_, a) => (a >= dims.length - 2 ? p : 0)).concat(dims.map((_, a) => (a >= dims.length - 2 ? p : 0)))] },
  tessera: (lib, [x], c, o) => lib.pad(x, c.pads, { mode, ...o }),
  onnx: { op: 'Pad', attributes: { mode } },
  tfjs: (tf, [x]) => {
    const paddings = dims.map((_, a) => (a >= dims.length - 2 ? [p, p] : [0, 0]));
    return mode === 'constant' ? tf.pad(x, paddings) : tf.mirrorPad(x, paddings, mode);
  },
  js: (y, [x]) => loops.padHWInto(y, x, dims, p, mode),
});

/** A binary elementwise op on two fed inputs (b broadcast against a where its dims are 1 or missing). */
const binaryRow = (named, onnxOp, type, aDims, bDims, { label = `[${aDims}] by [${bDims}]`, js } = {}) => familyWorkload({
  name: `${named} ${SHORT[type]} ${label}`, op: named, inputs: [{ type, dims: aDims }, { type, dims: bDims }],
  output: { type: named === 'greater' ? 'bool' : type, dims: aDims },
  tessera: (lib, [a, b], _c, o) => lib[named](a, b, o),
  onnx: { op: onnxOp },
  tfjs: (tf, [a, b]) => tf[named](a, b),
  js,
});

/** TopK, largest and sorted, along the last axis of a language model's logits (in ±20, as the softmax rows'). */
const topKRow = (dims, k) => familyWorkload({
  name: `topK f32 [${dims}] k ${k}`, op: 'topK', inputs: [f32(dims, 20)],
  outputs: { values: { type: 'float32', dims: [...dims.slice(0, -1), k] }, indices: { type: 'int64', dims: [...dims.slice(0, -1), k] } },
  constants: { k: ['int64', [k]] }, reads: true,
  tessera: (lib, [x], _c, o) => lib.topK(x, k, { axis: -1, ...o }),
  onnx: { op: 'TopK', attributes: { axis: -1 } },  // opset 21: TopK-11, largest and sorted by default
  tfjs: (tf, [x]) => tf.topk(x, k),  // int32 indices: compared by value
  js: (y, [x]) => topKInto(y, x, dims.at(-1), k),
});

/**
 * NonMaxSuppression of a detector's 8400 boxes in 80 classes (plain-js-postprocess.mjs's detections():
 * centre-format boxes in overlapping clusters, a few high scores per class), as YOLO's post-processing
 * calls it: at most 100 boxes per class, IoU threshold 0.45, score threshold 0.25.
 */
function nmsRow(n, classes) {
  const [max, iou, score] = [100, 0.45, 0.25];
  let made;  // made when the row is prepared, not whenever the list is
  const input = () => (made ??= detections({ n, classes }));
  return familyWorkload({
    name: `nonMaxSuppression f32 ${n} boxes ${classes} classes`, op: 'nonMaxSuppression',
    inputs: [
      { type: 'float32', dims: [1, n, 4], values: () => input().boxes },
      { type: 'float32', dims: [1, classes, n], values: () => input().scores, tfData: true },
    ],
    output: { type: 'int64' },  // [selected, 3]: data-dependent
    constants: { max_output_boxes_per_class: ['int64', [max]], iou_threshold: ['float32', [iou]], score_threshold: ['float32', [score]] },
    reads: true,
    tessera: (lib, [b, s], _c, o) => lib.nonMaxSuppression(b, s, { maxOutputBoxesPerClass: max, iouThreshold: iou, scoreThreshold: score, centerPointBox: 1, ...o }),
    onnx: { op: 'NonMaxSuppression', attributes: { center_point_box: 1 }, opset: 11 },
    // tfjs's NMS takes one class of one batch, corner boxes: the corners once, then a loop over the classes,
    // each class's scores a tensor of its own (made from the array: tf.unstack of one [80, 8400] tensor
    // took 150-180 ms, tf.split 17 ms, 80 tf.tensor1d 0.4 ms, in Node).
    tfjs: (tf, [b, s]) => {
      const [cx, cy, w, h] = tf.split(tf.reshape(b, [n, 4]), 4, 1);
      const [hw, hh] = [tf.mul(w, 0.5), tf.mul(h, 0.5)];
      const corners = tf.concat([tf.sub(cy, hh), tf.sub(cx, hw), tf.add(cy, hh), tf.add(cx, hw)], 1);
      const triples = [];
      for (let c = 0; c < classes; c++) {
        const row = tf.tensor1d(s.subarray(c * n, (c + 1) * n));
        for (const i of tf.image.nonMaxSuppression(corners, row, max, iou, score).dataSync()) triples.push(0, c, i);
      }
      return tf.tensor2d(triples, [triples.length / 3, 3], 'int32');  // compared by value
    },
    js: (_y, [b, s]) => nonMaxSuppressionCenter(b, s, classes, n, max, iou, score),
  });
}

const e6 = [1e6];

/** The rows of the three families, in table order. */
export function familyWorkloads() {
  return [
    // Reductions (issue 37): a detector's [1, 84, 8400] over its classes, a language model's logits, mean pooling.
    reduceRow('ReduceMax', 'reduceMax', [1, 84, 8400], 1),
    argMaxRow([1, 84, 8400], 1),
    softmaxRow([1, 32000]),
    softmaxRow([64, 1000]),
    reduceRow('ReduceMean', 'reduceMean', [1, 384, 768], 1),
    topKRow([1, 32000], 50),
    nmsRow(8400, 80),
    // Data movement (issue 35).
    transposeRow([1, 84, 8400], [0, 2, 1]),
    transposeRow([1024, 1024], [1, 0]),
    transposeRow([1, 3, 640, 640], [0, 2, 3, 1]),
    familyWorkload({
      name: 'slice u8 [480,640,4] crop 224x224', op: 'slice', inputs: [{ type: 'uint8', dims: [480, 640, 4] }],
      output: { type: 'uint8', dims: [224, 224, 4] },
      constants: { starts: ['int64', [128, 208]], ends: ['int64', [352, 432]], axes: ['int64', [0, 1]] },
      tessera: (lib, [x], c, o) => lib.slice(x, c.starts, c.ends, { axes: c.axes, ...o }),
      onnx: { op: 'Slice' },
      js: (y, [x]) => loops.cropInto(y, x, [480, 640, 4], [128, 208], [224, 224]),
    }),
    padRow([1, 3, 640, 640], 16, 'constant'),
    padRow([1, 3, 640, 640], 16, 'reflect'),
    familyWorkload({
      name: 'concat f32 8x[1,84,1050] axis 2', op: 'concat', inputs: Array.from({ length: 8 }, () => f32([1, 84, 1050])),
      output: { type: 'float32', dims: [1, 84, 8400] },
      tessera: (lib, xs, _c, o) => lib.concat(xs, 2, o),
      onnx: { op: 'Concat', attributes: { axis: 2 } },
      tfjs: (tf, xs) => tf.concat(xs, 2),
      js: (y, xs) => loops.concatInto(y, xs, 84, 1050),
    }),
    familyWorkload({
      name: 'gather f32 1000 rows of [50000,64]', op: 'gather', inputs: [f32([50000, 64])], output: { type: 'float32', dims: [1000, 64] },
      constants: { indices: ['int64', Array.from({ length: 1000 }, (_, i) => (i * 7919) % 50000)] },
      tessera: (lib, [x], c, o) => lib.gather(x, c.indices, { axis: 0, ...o }),
      onnx: { op: 'Gather', attributes: { axis: 0 } },
      tfjs: (tf, [x], c) => tf.gather(x, tf.tensor(Int32Array.from(c.indices.data, Number), [1000], 'int32')),
      js: (y, [x], c) => loops.gatherRowsInto(y, x, c.indices.data, 64),
    }),
    // Elementwise (issue 36): memory-speed streams, the normalization broadcasts.
    binaryRow('add', 'Add', 'float32', e6, e6, { label: '1e6 + 1e6', js: (y, [a, b]) => loops.addInto(y, a, b) }),
    binaryRow('mul', 'Mul', 'float32', [1, 3, 224, 224], [3, 1, 1], { js: (y, [a, b]) => loops.mulChannelsInto(y, a, b, 224 * 224) }),
    binaryRow('add', 'Add', 'float32', [1, 3, 640, 640], [1, 3, 1, 1], { js: (y, [a, b]) => loops.addChannelsInto(y, a, b, 640 * 640) }),
    binaryRow('greater', 'Greater', 'float32', e6, e6, { label: '1e6 > 1e6', js: (y, [a, b]) => loops.greaterInto(y, a, b) }),
    binaryRow('add', 'Add', 'float16', e6, e6, { label: '1e6 + 1e6' }),  // no plain float16 add in JS: no loop
    familyWorkload({
      // x / 255 - mean, / std: three tessera ops (resident intermediates when x is), tfjs's three, one JS pass.
      name: 'normalize f32 [1,3,224,224] (x/255-mean)/std', op: 'div',
      inputs: [f32([1, 3, 224, 224], 255), { type: 'float32', dims: [1], values: [255] },
        { type: 'float32', dims: [3, 1, 1], values: [0.485, 0.456, 0.406] }, { type: 'float32', dims: [3, 1, 1], values: [0.229, 0.224, 0.225] }],
      output: { type: 'float32', dims: [1, 3, 224, 224] },
      tessera: (lib, [x, scale, mean, std], _c, o) => {
        const scaled = lib.div(x, scale);
        const centred = lib.sub(scaled, mean);
        scaled.dispose?.();
        const y = lib.div(centred, std, o);
        centred.dispose?.();
        return y;
      },
      tfjs: (tf, [x, scale, mean, std]) => tf.div(tf.sub(tf.div(x, scale), mean), std),
      js: (y, [x, [scale], mean, std]) => loops.normalizeInto(y, x, scale, mean, std, 224 * 224),
    }),
    familyWorkload({
      name: 'exp f32 1e6', op: 'exp', inputs: [f32(e6, 80)], output: { type: 'float32', dims: e6 },
      tessera: (lib, [x], _c, o) => lib.exp(x, o),
      onnx: { op: 'Exp' },
      tfjs: (tf, [x]) => tf.exp(x),
      js: (y, [x]) => loops.expInto(y, x),
      tolerance: { rtol: 3e-7, atol: 0 },  // within 1 ulp: Math.exp and the kernels round alike only mostly
    }),
  ];
}
