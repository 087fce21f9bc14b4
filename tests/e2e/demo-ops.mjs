// The demo test's op table (demo.test.mjs and demo-robustness.mjs use it).
// Each op: its page, its spec example's output (the specs' own vectors: ONNX
// test_*_example and the ATB AsStrided mapping, not the library's), the named
// call the code view shows, the runNode form once a version is chosen, and
// one constraint to break.

export const OPS = {
  Tile: {
    slug: 'tile',
    example: { dims: '[4, 4]', type: 'float32', cells: ['0', '1', '0', '1', '2', '3', '2', '3', '0', '1', '0', '1', '2', '3', '2', '3'] },
    named: 'tw.tile(x, [2, 2])',
    chooseVersion: (page) => page.selectOption('#version', '6'),
    node: "tw.runNode({ opType: 'Tile', opset: 6 }, [x, repeats])",
    breakIt: (page) => page.fill('#param-repeats', '2'),
    field: 'repeats',
    message: 'Tile-13: repeats must have one entry per input dimension (input rank 2, got 1)',
  },
  Floor: {
    slug: 'floor',
    example: { dims: '[3]', type: 'float32', cells: ['-2', '1', '2'] },
    named: 'tw.floor(x)',
    chooseVersion: (page) => page.selectOption('#version', '6'),
    node: "tw.runNode({ opType: 'Floor', opset: 6 }, [x])",
    // Every type the menu offers is one Floor takes: what can be wrong is an element.
    breakIt: (page) => page.fill('#input-grid input[data-i="1"]', '1.2.3'),
    field: 'input',
    message: 'x[1]: "1.2.3" is not a number',
  },
  ConstantOfShape: {
    slug: 'constant-of-shape',
    example: { dims: '[4, 3, 2]', type: 'float32', cells: new Array(24).fill('1') },
    named: 'tw.constantOfShape([4, 3, 2], value)',
    chooseVersion: (page) => page.selectOption('#version', '9'),
    node: "tw.runNode({ opType: 'ConstantOfShape', opset: 9, attributes: { value } }, [shape])",
    breakIt: (page) => page.fill('#param-shape', '2, -1'),
    field: 'shape',
    message: 'ConstantOfShape-25: shape[1] must be >= 0 (got -1)',
  },
  AsStrided: {
    slug: 'as-strided',
    example: { dims: '[2, 2]', type: 'float16', cells: ['1', '4', '3', '6'] },
    named: 'tw.asStrided(x, { size: [2, 2], stride: [2, 3], offset: 0 })',
    chooseVersion: (page) => page.check('#node'),
    node: "tw.runNode({ opType: 'AsStrided', domain: 'atb', attributes: { size: [2, 2], stride: [2, 3], offset: [0] } }, [x])",
    breakIt: (page) => page.fill('#param-stride', '2'),
    field: 'stride',
    message: 'AsStrided: stride must have as many entries as size (2, got 1)',
  },
  Cast: {
    slug: 'cast',
    example: { dims: '[2, 3]', type: 'float32', cells: ['0', '128', '255', '17', '64', '200'] },
    named: "tw.cast(x, 'float32')",
    chooseVersion: (page) => page.selectOption('#version', '13'),
    node: "tw.runNode({ opType: 'Cast', opset: 13, attributes: { to: 1 } }, [x])",
    breakIt: (page) => page.fill('#input-grid input[data-i="1"]', '1.2.3'),
    field: 'input',
    message: 'x[0, 1]: "1.2.3" is not an integer',
  },
};
