// The roofline: the least work an op's call must do, measured inside
// tessera's own module in the same page or process, through the exports of
// the bench build (tessera_bench_*, cpp/bindings/bench.cc). No Node imports.
//
//   roof     copy the input in, move (or fill) the output's bytes inside the
//            module, copy them out into a fresh typed array: what any
//            default-mode call must at least do
//   warm     the same, copying out into an array that already exists: what a
//            call with `out` must at least do (in browsers a fresh typed array
//            costs 7-20x writing into an existing one)
//   memcpy   the move alone: what a resident call must at least do
//
// The move is memory.copy or a plain v128 loop, whichever is faster at this
// size here (memory.copy is the engine calling the C library's memmove, which
// some hosts run far below memory speed for mid sizes); fills are
// memory.fill; for floor f32 it is a bare f32x4.floor loop. With several
// inputs (a binary op, Concat) each is copied in. A reduction's move is one
// read of its input (tessera_bench_read_v128): its output is far smaller
// than what it reads, and copying the output's bytes would cost nothing.

export const bytesOf = (a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/**
 * @param module        () => the running instance's { malloc, free, memory, exports }
 * @param measureQuick  the harness's quick comparison
 */
export function roofline(module, measureQuick) {
  // A view of the module's memory, made again only when growth replaced its buffer.
  let view = new Uint8Array(0);
  const heap = () => {
    const { buffer } = module().memory;
    if (view.buffer !== buffer) view = new Uint8Array(buffer);
    return view;
  };

  /** Scratch blocks in the module's memory, freed by the returned function. */
  function scratch(...sizes) {
    const { malloc, free } = module();
    const offsets = sizes.map((n) => malloc(Math.max(n, 16)));
    if (offsets.includes(0)) throw new Error('bench: malloc failed');
    return [offsets, () => offsets.forEach((o) => free(o))];
  }

  /**
   * The roofline implementations of a workload, and the function freeing their blocks.
   * @param inputs   the inputs' typed arrays (none for ConstantOfShape), copied in one after another
   * @param outBytes the output's size
   * @param OutArray the output's typed array class
   * @param fillByte fill instead of copy (ConstantOfShape)
   * @param kernel   (exports, src, dst) => a custom move (floor f32's bare floor loop)
   * @param reads    a reduction: the move is one read of the inputs
   */
  async function implementations({ inputs = [], outBytes, OutArray, fillByte, kernel, reads }) {
    const inputBytes = inputs.map(bytesOf);
    const inBytes = inputBytes.reduce((sum, b) => sum + b.length, 0);
    const [[src, dst], free] = scratch(Math.max(inBytes, outBytes), outBytes);
    const copyIn = (memory) => inputBytes.reduce((at, b) => { memory.set(b, at); return at + b.length; }, src);
    copyIn(heap());  // memcpy alone moves real data too
    const bench = module().exports;
    let move;
    if (kernel) {
      move = () => kernel(bench, src, dst);
    } else if (reads) {
      move = () => bench.tessera_bench_read_v128(src, inBytes);
    } else if (fillByte !== undefined) {
      move = () => bench.tessera_bench_fill_bytes(dst, fillByte, outBytes);
    } else {
      const copies = {
        memory: () => bench.tessera_bench_copy_bytes(dst, src, outBytes),
        loop: () => bench.tessera_bench_copy_v128(dst, src, outBytes),
      };
      const us = await measureQuick(copies);
      move = us.memory <= us.loop ? copies.memory : copies.loop;
    }
    const outLength = outBytes / OutArray.BYTES_PER_ELEMENT;
    const warmOut = new OutArray(outLength);
    const warmBytes = bytesOf(warmOut);
    const roundTrip = (out, outBytesView) => {
      const memory = heap();
      copyIn(memory);
      move();
      outBytesView(out).set(memory.subarray(dst, dst + outBytes));
      return out;
    };
    const impls = {
      roof: () => roundTrip(new OutArray(outLength), bytesOf),
      warm: () => roundTrip(warmOut, () => warmBytes),
      memcpy: move,
    };
    return [impls, free];
  }

  return { implementations };
}
