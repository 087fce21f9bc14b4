#!/usr/bin/env node
// The README's list of ops, written from the library itself: one row per op
// of `tw.OPS` in the built package (dist/: run `npm run build` first) with its
// named function, domain, versions (since_version) and data types (the union
// over the type constraints of its newest version), between the markers
//   <!-- ops-table: ... -->  and  <!-- /ops-table -->
// in README.md. An entry's optional `family` ('data movement', 'elementwise',
// ...) groups the rows, and its optional `summary` (one line) gets a column;
// without them the table is one group, with no summary column.
//
//   node scripts/ops-table.mjs           writes the table into README.md
//   node scripts/ops-table.mjs --check   exits 1 when README.md's table is not what it would write
//                                        (the test command runs this)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = `${root}README.md`;
const BEGIN = '<!-- ops-table: written by scripts/ops-table.mjs from tw.OPS; edit the ops, not this table -->';
const END = '<!-- /ops-table -->';
const LABEL = 'ops table';

/** Families in the order a reader meets them; any other family follows, by name, and ops with none come last. */
const FAMILY_ORDER = ['data movement', 'elementwise', 'reductions', 'quantization', 'image and audio', 'generation', 'conversion'];

/** Runs of data types written as one name when all of them are in a set (in `tw.DATA_TYPES` order). */
const GROUPS = [
  ['int8-int64', ['int8', 'int16', 'int32', 'int64']],
  ['uint8-uint64', ['uint8', 'uint16', 'uint32', 'uint64']],
  ['the float8 types', ['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz', 'float8e8m0']],
  ['int4, uint4', ['int4', 'uint4']],
  ['int2, uint2', ['int2', 'uint2']],
  ['complex', ['complex64', 'complex128']],
];

/** The names of `types`, full groups written as one (`int8-int64`), in `order`. */
function compact(types, order) {
  const names = [];
  const done = new Set();
  for (const type of order) {
    if (!types.has(type) || done.has(type)) continue;
    const group = GROUPS.find(([, members]) => members.includes(type) && members.every((m) => types.has(m)));
    if (group) {
      names.push(group[0]);
      for (const m of group[1]) done.add(m);
    } else {
      names.push(type);
      done.add(type);
    }
  }
  return names;
}

/** A set of data types in few words: the list, or "all but" the rest when that is shorter. */
export function typesText(types, allTypes) {
  const set = new Set(types);
  const count = allTypes.filter((t) => set.has(t)).length;
  if (count === allTypes.length) return `all ${count}`;
  const present = compact(set, allTypes);
  const absent = compact(new Set(allTypes.filter((t) => !set.has(t))), allTypes);
  return absent.length < present.length ? `all but ${absent.join(', ')} (${count})` : `${present.join(', ')} (${count})`;
}

/** The rows of the table: one per op, in tw.OPS order within its family. */
export function opRows(tw) {
  return Object.entries(tw.OPS).map(([name, schema]) => {
    const versions = schema.versions;
    const newest = versions[versions.length - 1];
    const types = [...new Set(Object.values(newest.types).flat())];
    const fn = typeof schema.named === 'string' ? schema.named : name[0].toLowerCase() + name.slice(1);  // DFT's is dft, not dFT
    return {
      name,
      family: typeof schema.family === 'string' ? schema.family : undefined,
      summary: typeof schema.summary === 'string' ? schema.summary : undefined,
      call: typeof tw[fn] === 'function' ? `\`tw.${fn}\`` : '`runNode` only',
      domain: schema.domain,
      versions: schema.versioned === false ? 'unversioned' : versions.map((v) => v.since).join(', '),
      types: typesText(types, tw.DATA_TYPES),
    };
  });
}

function familyRank(family) {
  if (family === undefined) return [2, ''];
  const at = FAMILY_ORDER.indexOf(family);
  return at >= 0 ? [0, String(at).padStart(3, '0')] : [1, family];
}

/** The Markdown table, grouped by family when any op has one, with a summary column when any op has one. */
export function opsTable(tw) {
  const rows = opRows(tw);
  const byFamily = rows.some((r) => r.family !== undefined);
  const withSummary = rows.some((r) => r.summary !== undefined);
  if (byFamily) {
    // A stable sort: tw.OPS order within a family.
    rows.sort((a, b) => {
      const [ra, ka] = familyRank(a.family);
      const [rb, kb] = familyRank(b.family);
      return ra - rb || (ka < kb ? -1 : ka > kb ? 1 : 0);
    });
  }
  const columns = [
    ...(byFamily ? [['family', (r, i) => (i > 0 && rows[i - 1].family === r.family ? '' : r.family ?? 'other')]] : []),
    ['op', (r) => r.name],
    ...(withSummary ? [['what it does', (r) => r.summary ?? '']] : []),
    ['function', (r) => r.call],
    ['domain', (r) => r.domain],
    ['versions', (r) => r.versions],
    ['types (newest version)', (r) => r.types],
  ];
  const escape = (text) => String(text).replace(/\|/g, '\\|');
  return [
    `| ${columns.map(([title]) => title).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((r, i) => `| ${columns.map(([, cell]) => escape(cell(r, i))).join(' | ')} |`),
  ].join('\n');
}

/** `text` with the part between the markers replaced by `table`; throws when the markers are missing. */
export function withTable(text, table) {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END, begin);
  if (begin < 0 || end < 0) throw new Error(`README.md has no ${BEGIN} ... ${END} markers`);
  return `${text.slice(0, begin)}${BEGIN}\n${table}\n${text.slice(end)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let tw;
  try {
    tw = await import(pathToFileURL(`${root}dist/esm/index.js`).href);
  } catch (error) {
    console.log(`${LABEL}: could not import dist/esm/index.js (run \`npm run build\` first): ${error.message}`);
    console.log(`${LABEL}: 0 passed, 1 failed`);
    process.exit(1);
  }
  const current = readFileSync(target, 'utf8');
  let text;
  try {
    text = withTable(current, opsTable(tw));
  } catch (error) {
    console.log(`${LABEL}: ${error.message}`);
    console.log(`${LABEL}: 0 passed, 1 failed`);
    process.exit(1);
  }
  const count = Object.keys(tw.OPS).length;
  if (process.argv.includes('--check')) {
    if (text !== current) {
      console.log(`${LABEL}: README.md's list of ops is stale: run \`node scripts/ops-table.mjs\` (after \`npm run build\`) and commit it`);
      console.log(`${LABEL}: 0 passed, 1 failed`);
      process.exit(1);
    }
    console.log(`${LABEL}: README.md lists the ${count} ops of tw.OPS`);
    console.log(`${LABEL}: 1 passed, 0 failed`);
  } else {
    writeFileSync(target, text);
    console.log(`${LABEL}: wrote README.md's list of ${count} ops`);
  }
}
