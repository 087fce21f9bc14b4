// The shape of js/src that CONTRIBUTING promises: no module over 400 lines,
// and no circle of imports (a module's value imports, followed, never lead
// back to it). Type-only imports are left out: they vanish from the build.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(__dirname, '../../js/src');
const MAX_LINES = 400;

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? modules(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The modules a file imports (or re-exports) for their values, as absolute paths. */
function valueImports(file: string, text: string): string[] {
  const found: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*'(\.[^']+)'/g;
  for (const match of text.matchAll(statement)) {
    const [, , typeOnly, clause, target] = match;
    if (typeOnly) continue;
    // `import { type A, type B } from` carries no value either.
    const names = /^\{([^}]*)\}$/.exec(clause.trim());
    if (names && names[1].split(',').map((n) => n.trim()).filter(Boolean).every((n) => n.startsWith('type '))) continue;
    found.push(resolve(dirname(file), target.replace(/\.js$/, '.ts')));
  }
  return found;
}

const files = modules(SRC);
const graph = new Map(files.map((f) => [f, valueImports(f, readFileSync(f, 'utf8'))]));

test(`no module of js/src is over ${MAX_LINES} lines`, () => {
  const long = files
    .map((f) => [relative(SRC, f), readFileSync(f, 'utf8').split('\n').length - 1] as const)
    .filter(([, lines]) => lines > MAX_LINES);
  expect(long).toEqual([]);
});

test('the value imports of js/src form no circle', () => {
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;  // a generated or external module
      if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), next].map((f) => relative(SRC, f)).join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  // The graph is real: more edges inside js/src than modules.
  expect([...graph.values()].flat().filter((f) => graph.has(f)).length).toBeGreaterThan(files.length);
  expect(circles).toEqual([]);
});

test('the import reader sees value imports and skips type-only ones (so the circle check can fail)', () => {
  const file = join(SRC, 'x.ts');
  const text = "import { a } from './a.js';\nimport type { B } from './b.js';\nimport { type C, type D } from './c.js';\nimport { type E, f } from './e.js';\nexport { g } from './g.js';\n";
  expect(valueImports(file, text).map((f) => relative(SRC, f))).toEqual(['a.ts', 'e.ts', 'g.ts']);
});
