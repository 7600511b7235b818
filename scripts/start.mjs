// npm start: builds what is missing (first start of a fresh clone), then serves everything on one port.
import { existsSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const needed = ['schema/dist/index.js', 'server/dist/main.js', 'client/dist/index.html'];
const missing = needed.filter((f) => !existsSync(path.join(root, f)));
if (missing.length) {
  console.log(`Building the product (missing: ${missing.join(', ')}) …`);
  const r = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
