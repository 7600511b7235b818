// npm run dev: the development loop on one port (PORT, 4000 by default).
// - the server runs from its TypeScript sources (SWC, decorator metadata included) under `node --watch`:
//   it restarts when a file it imports changes, @tembea/schema's dist included;
// - `tsc -w` rebuilds schema/dist when schema/src changes (the server and the client import it from there);
// - the client is served by Vite inside the server (CLIENT_DEV_SERVER): modules from client/src with hot
//   reload in the browser, and public pages server-rendered from the current sources on every request.
// Ctrl-C stops everything. Other variables (DATABASE_URL, DATA_DIR, …) pass through as for `npm start`.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const children = [];
let stopping = false;

function run(name, args, env = process.env, stdio = 'inherit') {
  const child = spawn(process.execPath, args, { cwd: root, stdio, env });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${name} exited (${signal ?? code}): stopping`);
    stop(code || 1);
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3_000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(0));

// tsc -w first writes every file of schema/dist once: the server starts after that, or that first
// write would restart it at once.
const schemaWatch = run(
  'tsc -w (schema)',
  [tsc, '-w', '-p', 'schema/tsconfig.build.json', '--preserveWatchOutput'],
  process.env,
  ['ignore', 'pipe', 'inherit'],
);
let serverStarted = false;
schemaWatch.stdout.setEncoding('utf8').on('data', (text) => {
  process.stdout.write(text.replace(/^(?=.)/gm, '[schema] '));
  if (!serverStarted && /Found \d+ errors?\./.test(text)) {
    serverStarted = true;
    startServer();
  }
});

function startServer() {
  run(
    'server',
    [
      '--watch',
      '--watch-preserve-output',
      '--enable-source-maps',
      '--import',
      '@swc-node/register/esm-register',
      'server/src/main.ts',
    ],
    {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      CLIENT_DEV_SERVER: 'true',
      // The server's compiler options: decorators with their metadata (type-graphql, MikroORM).
      SWC_NODE_PROJECT: path.join(root, 'server/tsconfig.json'),
    },
  );
}
