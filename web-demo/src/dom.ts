// The page's elements, looked up once (index.html holds them all).
const $ = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;

export const el = {
  ops: $('ops'),
  versionLabel: $<HTMLLabelElement>('version-label'),
  version: $<HTMLSelectElement>('version'),
  nodeRow: $('node-row'),
  node: $<HTMLInputElement>('node'),
  nodeLabel: $('node-label'),
  type: $<HTMLSelectElement>('type'),
  typeField: $('type-field'),
  summary: $('summary'),
  example: $<HTMLButtonElement>('example'),
  random: $<HTMLButtonElement>('random'),
  copy: $<HTMLButtonElement>('copy-link'),
  copyStatus: $('copy-status'),
  exampleSource: $('example-source'),
  inputEditor: $<HTMLFieldSetElement>('input-editor'),
  inputName: $('input-name'),
  modeGrid: $<HTMLInputElement>('mode-grid'),
  modeText: $<HTMLInputElement>('mode-text'),
  dims: $<HTMLInputElement>('dims'),
  inputGrid: $('input-grid'),
  inputText: $<HTMLTextAreaElement>('input-text'),
  inputHint: $('input-hint'),
  params: $<HTMLFieldSetElement>('params'),
  paramFields: $('param-fields'),
  controls: $<HTMLFormElement>('controls'),
  backend: $('backend'),
  runStatus: $('run-status'),
  outDims: $('out-dims'),
  outType: $('out-type'),
  outSize: $('out-size'),
  outTime: $('out-time'),
  outTimeDetail: $('out-time-detail'),
  outputGrid: $('output-grid'),
  outputMore: $('output-more'),
  moreOutputs: $('more-outputs'),
  moreInputs: $<HTMLFieldSetElement>('more-inputs'),
  tensorFields: $('tensor-fields'),
  addInput: $<HTMLButtonElement>('add-input'),
  opButton: $<HTMLButtonElement>('op-button'),
  opPanel: $('op-panel'),
  opSearch: $<HTMLInputElement>('op-search'),
  opList: $('op-list'),
  opCount: $('op-count'),
  opCurrent: $('op-current'),
  legendMin: $('legend-min'),
  legendMax: $('legend-max'),
  legendBar: $('legend-bar'),
  hoverLine: $('hover-line'),
  source: $('source'),
  sourceTitle: $('source-title'),
  sourceGrid: $('source-grid'),
  codeView: $<HTMLDetailsElement>('code-view'),
  code: $('code'),
  codeStale: $('code-stale'),
  printed: $('printed'),
  busy: $('busy'),
  result: $('result'),
  linkNotice: $('link-notice'),
};

/** Says on the page that something failed where no field is at fault: in the output's status line, never over the output. */
export function showFailure(message: string): void {
  el.runStatus.textContent = message;
  el.runStatus.classList.add('bad');
  document.documentElement.classList.remove('loading');
}

/** Wraps a handler: anything unexpected is shown on the page, never thrown to the console. */
export function guard<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args: A) => {
    try {
      fn(...args);
    } catch (error) {
      showFailure(`Unexpected error: ${(error as Error)?.message ?? error}`);
    }
  };
}
