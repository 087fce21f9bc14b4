import * as tw from 'tessera-wasm';
import { expectSpecError } from './helpers';

beforeAll(() => tw.init());

const x = { type: 'float32' as const, data: new Float32Array([1.5]), dims: [1] };

describe('runNode', () => {
  it('rejects an unknown op or a known op in the wrong domain', () => {
    expectSpecError(() => tw.runNode({ opType: 'NoSuchOp_NeverAnOnnxOp' }, [x]), 'NoSuchOp_NeverAnOnnxOp', undefined, 'no op "NoSuchOp_NeverAnOnnxOp" in domain "ai.onnx"');
    expectSpecError(() => tw.runNode({ opType: 'Floor', domain: 'atb' }, [x]), 'Floor', undefined, 'domain "atb"');
    expectSpecError(() => tw.runNode({ opType: 'Floor', domain: 'com.microsoft' }, [x]), 'Floor', undefined, 'com.microsoft');
  });

  it('treats domain "" and "ai.onnx" alike', () => {
    expect(tw.runNode({ opType: 'Floor', domain: '' }, [x])[0].data[0]).toBe(1);
    expect(tw.runNode({ opType: 'Floor', domain: 'ai.onnx' }, [x])[0].data[0]).toBe(1);
  });

  it('rejects an opset below the first version, or not a positive integer', () => {
    expectSpecError(() => tw.runNode({ opType: 'Floor', opset: 0 }, [x]), 'Floor', undefined, 'opset must be a positive integer (got 0)');
    expectSpecError(() => tw.runNode({ opType: 'Floor', opset: 2.5 }, [x]), 'Floor', undefined, '2.5');
  });

  it('rejects inputs that are not an array', () => {
    expectSpecError(() => tw.runNode({ opType: 'Floor' }, x as never), 'Floor', 13, 'inputs must be an array');
  });

  it('returns an array with one output', () => {
    const outputs = tw.runNode({ opType: 'Floor' }, [x]);
    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toBeInstanceOf(tw.Tensor);
  });
});
