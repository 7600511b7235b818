/** Writes the GraphQL contract to schema/schema.graphql (or checks it with --check). */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { printContract } from './graphql/schema.js';

const target = path.resolve(import.meta.dirname, '../../schema/schema.graphql');
const sdl = await printContract();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (current !== sdl) {
    console.error('schema/schema.graphql is stale: run `npm run codegen` and commit the result.');
    process.exit(1);
  }
  console.log('schema/schema.graphql is up to date.');
} else {
  writeFileSync(target, sdl);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
