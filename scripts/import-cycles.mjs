// Fails when the TypeScript sources import each other in a circle, type-only imports included: a
// circle makes start-up order matter, and even a type-only one means two parts cannot be understood
// (or moved) apart. Run by `npm run lint`. Usage: node scripts/import-cycles.mjs [folders…]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const folders = process.argv.slice(2).length ? process.argv.slice(2) : ['server/src', 'client/src', 'schema/src'];
const SKIP = new Set(['node_modules', 'dist', 'gql']);
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (SKIP.has(name)) return [];
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The source file a relative specifier names ('./x.js' is x.ts or x.tsx; './x' may be x/index.ts). */
function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c));
}

const graph = new Map();
for (const folder of folders) {
  for (const file of sources(path.join(root, folder))) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (spec?.startsWith('.')) {
        const target = resolve(file, spec);
        if (target) targets.add(target);
      }
    }
    graph.set(file, targets);
  }
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
function visit(v) {
  order.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!order.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), order.get(w)));
  }
  if (low.get(v) === order.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(path.relative(root, w));
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.has(v)) circles.push(component.sort());
  }
}
for (const v of graph.keys()) if (!order.has(v)) visit(v);

for (const c of circles) console.error(`import circle: ${c.join(' <-> ')}`);
console.log(`${circles.length} import circles among ${graph.size} files`);
process.exit(circles.length ? 1 : 0);
