// Starts the built product for the browser tests on a fresh embedded database under e2e/.data.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

const dataDir = path.resolve(import.meta.dirname, `.data-${process.env.PORT ?? 'default'}`);
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../server/dist/main.js')], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true', SMTP_URL: '' },
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
