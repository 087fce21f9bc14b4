// CONTRIBUTING.md's walks through one call (`<!-- walk: NAME -->` blocks)
// stay true to the code: every step names a file that exists, each function
// a step names with `name()` is defined in that file, and no file is visited
// twice on the way down. The mermaid diagram above the Tile walk names the
// same files, in the same order.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');
const contributing = readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8');

interface Step { file: string; functions: string[] }

function walk(name: string): Step[] {
  const block = new RegExp(`<!-- walk: ${name} -->\\n([\\s\\S]*?)<!-- /walk -->`).exec(contributing);
  if (!block) throw new Error(`CONTRIBUTING.md has no walk "${name}"`);
  return block[1].split(/\n(?=\d+\. )/).map((step) => ({
    file: /^\d+\. `([^`]+)`/.exec(step.trim())![1],
    functions: [...step.matchAll(/`(\w+)\(\)`/g)].map((m) => m[1]),
  }));
}

/** Where a function of this name is defined: a TypeScript function or method, or a C++ definition. */
function defines(source: string, fn: string): boolean {
  return new RegExp(`(function ${fn}\\b|\\b${fn}\\([^)]*\\)\\s*(:[^{]*)?\\{|\\b${fn}\\([^;{]*\\)\\s*\\{)`).test(source);
}

describe.each(['tile', 'floor'])('CONTRIBUTING.md walk through tw.%s', (name) => {
  const steps = walk(name);

  it('names files that exist, each once', () => {
    expect(steps.length).toBeGreaterThan(4);
    for (const { file } of steps) expect(existsSync(path.join(root, file))).toBe(true);
    expect(new Set(steps.map((s) => s.file)).size).toBe(steps.length);
  });

  it('names functions defined in the file it names them under', () => {
    const missing = steps.flatMap(({ file, functions }) => {
      const source = readFileSync(path.join(root, file), 'utf8');
      return functions.filter((fn) => !defines(source, fn)).map((fn) => `${fn}() in ${file}`);
    });
    expect(missing).toEqual([]);
    expect(steps.flatMap((s) => s.functions).length).toBeGreaterThan(4);
  });
});

it('draws the Tile walk\'s files in the diagram, in order', () => {
  const diagram = /```mermaid\n([\s\S]*?)```/.exec(contributing)![1];
  const participants = [...diagram.matchAll(/participant \w+ as (\S+)/g)].map((m) => m[1]).filter((p) => p !== 'your');
  expect(participants).toEqual(walk('tile').map((s) => s.file));
});
