#!/usr/bin/env node
// API.md: the API reference as one Markdown file beside the README, readable
// in node_modules/tessera-wasm and on a registry page with no build (the HTML
// reference, `npm run docs`, needs one). Written from the published
// declarations (dist/types/index.d.ts: run `npm run build` first) and their
// doc comments, in the order js/src/index.ts exports them.
//
//   node scripts/api-md.mjs           writes API.md
//   node scripts/api-md.mjs --check   exits 1 when API.md is not what it would write
//                                     (the test command runs this)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = `${root}dist/types/index.d.ts`;
const target = `${root}API.md`;
/** Types longer than this are shown by name only (DTYPES and OPS are whole tables). */
const LONGEST_TYPE = 400;

const program = ts.createProgram([entry], { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022 });
const checker = program.getTypeChecker();
const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry));
if (!moduleSymbol) throw new Error(`${entry} is missing: run \`npm run build\` first`);
const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

const docOf = (symbol) => ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
const examplesOf = (symbol) => symbol.getJsDocTags(checker).filter((t) => t.name === 'example').map((t) => ts.displayPartsToString(t.text).trim());
const textOf = (node) => printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile()).replace(/^export (declare )?/, '').replace(/^declare /, '');

function signatureText(declaration) {
  if (ts.isFunctionDeclaration(declaration)) return textOf(declaration).replace(/^function /, 'function ');
  return textOf(declaration);
}

function kindOf(declaration) {
  if (ts.isFunctionDeclaration(declaration)) return 'function';
  if (ts.isClassDeclaration(declaration)) return 'class';
  if (ts.isInterfaceDeclaration(declaration)) return 'interface';
  if (ts.isTypeAliasDeclaration(declaration)) return 'type';
  if (ts.isVariableDeclaration(declaration)) return 'constant';
  return 'export';
}

/** A class's or interface's documented public members, one bullet each. */
function members(declaration) {
  const lines = [];
  for (const member of declaration.members) {
    if (member.modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword) || (member.name && ts.isPrivateIdentifier(member.name))) continue;
    const symbol = member.name ? checker.getSymbolAtLocation(member.name) : undefined;
    if (!symbol && !ts.isConstructorDeclaration(member)) continue;
    if (ts.isConstructorDeclaration(member) && member.getFullText().includes('@internal')) continue;
    const doc = ts.isConstructorDeclaration(member)
      ? ts.displayPartsToString(checker.getSignatureFromDeclaration(member)?.getDocumentationComment(checker) ?? []).trim()
      : docOf(symbol);
    const code = textOf(member).replace(/;$/, '').replace(/\s+/g, ' ');
    lines.push(`- \`${code}\`${doc ? `: ${oneParagraph(doc)}` : ''}`);
  }
  return lines;
}

/** The anchor GitHub and npm give the heading `### name (kind)`. */
const anchor = (name, symbol) => `${name.toLowerCase()}-${kindOf(symbol.getDeclarations()[0])}`;

const oneParagraph = (text) => text.replace(/\n\s*\n/g, ' ').replace(/\s*\n\s*/g, ' ');

function section(name, symbol) {
  const declarations = symbol.getDeclarations() ?? [];
  const kind = kindOf(declarations[0]);
  const out = [`### ${name} (${kind})`, ''];
  const doc = kind === 'function'
    ? ts.displayPartsToString(checker.getSignatureFromDeclaration(declarations.at(-1))?.getDocumentationComment(checker) ?? []).trim() || docOf(symbol)
    : docOf(symbol);
  if (kind === 'class' || kind === 'interface') {
    const header = textOf(declarations[0]).split('{')[0].trim();
    out.push('```ts', `${header} { ... }`, '```', '');
  } else if (kind === 'constant') {
    const type = checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, declarations[0]), undefined, ts.TypeFormatFlags.NoTruncation);
    out.push('```ts', `const ${name}: ${type.length > LONGEST_TYPE ? '{ ... } (a frozen table)' : type}`, '```', '');
  } else {
    const text = declarations.map(signatureText).join('\n');
    out.push('```ts', text.length > LONGEST_TYPE * 4 ? `${text.slice(0, LONGEST_TYPE * 4)} ...` : text, '```', '');
  }
  if (doc) out.push(doc, '');
  for (const example of examplesOf(symbol)) out.push('```js', example, '```', '');
  if (kind === 'class' || kind === 'interface') {
    const list = members(declarations[0]);
    if (list.length) out.push(...list, '');
  }
  return out.join('\n');
}

const exports = checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s]);
// Order: as index.ts lists them (the declaration file keeps its export order).
const order = readFileSync(entry, 'utf8').match(/[A-Za-z_$][\w$]*/g);
exports.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));

const text = [
  '# tessera-wasm API reference',
  '',
  '<!-- Written by scripts/api-md.mjs from the published declarations and their doc comments: do not edit. -->',
  '',
  `Every export of \`tessera-wasm\` (and of \`tessera-wasm/inline\`, the same API), in the order the package lists them.`,
  'Usage, with examples that run: [README.md](README.md) and the guides ([docs/README.md](docs/README.md)).',
  '',
  ...exports.map(([name, symbol]) => `- [${name}](#${anchor(name, symbol)})`),
  '',
  ...exports.map(([name, symbol]) => section(name, symbol)),
].join('\n').replace(/\n{3,}/g, '\n\n');

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current !== text) {
    console.log('api.md: API.md is stale: run `node scripts/api-md.mjs` (after `npm run build`) and commit it');
    console.log('api.md: 0 passed, 1 failed');
    process.exit(1);
  }
  console.log(`api.md: API.md is up to date (${exports.length} exports)`);
  console.log('api.md: 1 passed, 0 failed');
} else {
  writeFileSync(target, text);
  console.log(`api.md: wrote API.md (${exports.length} exports, ${text.length} characters)`);
}
