// npm test: build (with codegen), check the contract and the partner docs are fresh, type-check, formatting, lint, then unit, integration and browser tests.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };

function step(title, cmd, args) {
  console.log(`\n=== ${title}\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    process.exit(r.status ?? 1);
  }
}

// The contract is checked before the full build, which regenerates it in place.
step('Build the server', 'npx', ['turbo', 'run', 'build', '--filter=@tembea/server', '--output-logs=errors-only']);
step('Contract is up to date (schema/schema.graphql, client/src/gql)', 'node', ['scripts/check-contract.mjs']);
step('Build (codegen -> build)', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
step('Partner docs are up to date (docs/partners.md from @tembea/schema)', 'node', [
  'scripts/partner-docs.mjs',
  '--check',
]);
step('Type-check every TypeScript file, tests and configs included', 'npm', ['run', 'typecheck']);
step('Formatting (Prettier; `npm run format` fixes it)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
step('Lint (ESLint: type-aware typescript-eslint, React hooks, boundaries; no import circles)', 'npm', ['run', 'lint']);
step('Tests of the lint rules of our own', 'node', ['--test', 'scripts/eslint-boundaries.test.mjs']);
step('Unit and server integration tests', 'npx', ['turbo', 'run', 'test', '--concurrency=1', '--filter=!@tembea/e2e']);
step('Browser tests (Playwright, Chromium)', 'npm', ['run', 'test', '-w', '@tembea/e2e']);
console.log('\n✓ all tests passed');
