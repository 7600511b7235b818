// Fails when schema/schema.graphql or client/src/gql differ from what the server and codegen emit now.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
let stale = false;

const emit = spawnSync('node', ['server/dist/emit-schema.js', '--check'], { cwd: root, stdio: 'inherit' });
if (emit.status !== 0) stale = true;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tembea-codegen-'));
const gen = spawnSync('npx', ['graphql-codegen', '--config', 'codegen.ts', '--silent'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CODEGEN_OUT: tmp + '/' },
});
if (gen.status !== 0) {
  console.error('codegen failed: a client operation does not match schema/schema.graphql');
  process.exit(1);
}
const committed = path.join(root, 'client/src/gql');
// Recursive: the admin operations have their own output folder (gql/admin/).
const files = new Set(
  [...readdirSync(tmp, { recursive: true }), ...readdirSync(committed, { recursive: true })].map(String),
);
for (const f of files) {
  let a = '';
  let b = '';
  try {
    a = readFileSync(path.join(tmp, f), 'utf8');
  } catch {
    /* missing */
  }
  try {
    b = readFileSync(path.join(committed, f), 'utf8');
  } catch {
    /* missing */
  }
  if (a !== b) {
    console.error(`client/src/gql/${f} is stale`);
    stale = true;
  }
}
rmSync(tmp, { recursive: true, force: true });
if (stale) {
  console.error('The contract is stale: run `npm run codegen` and commit schema/schema.graphql and client/src/gql.');
  process.exit(1);
}
console.log('client/src/gql is up to date.');
