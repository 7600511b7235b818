import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../common/sql.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { ADMIN_ENV, adminToken, makeTour } from '../../test/booking-helpers.js';
import { createKey, keyGql } from '../../test/partner-helpers.js';

/**
 * The README's partner sections are what an integrator copies first: each curl command there runs
 * as printed (against this server instead of localhost:4000) and each JavaScript call's operation
 * runs with its variables, all with a real key and without errors.
 */
const run = promisify(execFile);
const README = new URL('../../../../README.md', import.meta.url);
let s: TestServer;
let key: string;
let partnerSections: string;

/** The fenced blocks of one language in the text. */
function blocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

/** The commands of a shell block, with backslash-continued lines joined. */
function shellCommands(block: string): string[] {
  return block.replace(/\\\n\s*/g, '').split('\n').map((l) => l.trim()).filter((l) => l.startsWith('curl '));
}

beforeAll(async () => {
  const readme = await readFile(README, 'utf8');
  partnerSections = readme.slice(readme.indexOf('### Partner guide'), readme.indexOf('\n## Tests'));
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  key = (await createKey(s, await adminToken(s), { partnerName: 'Readme Readers Ltd' })).secret;
  const tour = await makeTour(s);
  await queryRows(s.orm.em.fork(), sql`
    insert into departures (tour_id, start_date, capacity) select ${tour}, '2027-06-01'::date + g * 7, 12 from generate_series(0, 9) g`);
});
afterAll(() => s?.stop());

describe("the README's partner guide", () => {
  it('has curl commands and JavaScript calls to run', () => {
    expect(blocks(partnerSections, 'sh').flatMap(shellCommands).length).toBeGreaterThanOrEqual(3);
    expect(blocks(partnerSections, 'js').some((b) => b.includes('tembea('))).toBe(true);
  });

  it('every curl command runs as printed with the key and answers without errors', async () => {
    for (const command of blocks(partnerSections, 'sh').flatMap(shellCommands)) {
      const local = command.replaceAll('localhost:4000', s.url);
      const { stdout } = await run('sh', ['-c', local], { env: { ...process.env, KEY: key, TEMBEA_API_KEY: key } });
      const answer = JSON.parse(stdout);
      expect(answer.errors, command).toBeUndefined();
      if (command.includes('/graphql')) expect(Object.values(answer.data).every((v) => v !== null), command).toBe(true);
    }
  });

  it("every JavaScript call's operation runs with its variables and the key", async () => {
    const calls = blocks(partnerSections, 'js').flatMap((b) => [...b.matchAll(/tembea\([^,]+,[^,]+,\s*'([^']+)',\s*(\{[^}]*\})\)/g)]);
    expect(calls.length).toBeGreaterThan(0);
    for (const [, query, variablesLiteral] of calls) {
      // The variables are written as a JavaScript object literal of plain strings: quote its keys.
      const variables = JSON.parse(variablesLiteral!.replace(/([{,]\s*)(\w+):/g, '$1"$2":').replaceAll("'", '"'));
      const r = await keyGql(s, key, query!, variables);
      expect(r.body.errors, query).toBeUndefined();
      expect(Object.values(r.body.data).every((v) => v !== null), query).toBe(true);
    }
  });
});
