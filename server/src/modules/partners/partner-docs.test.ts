import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../common/sql.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { ADMIN_ENV, adminToken, makeTour } from '../../test/booking-helpers.js';
import { createKey } from '../../test/partner-helpers.js';

/**
 * docs/partners.md is what an integrator copies first: it must say what the /partners page says
 * (its generated part is rewritten from @tembea/schema, and is checked fresh here), and each curl
 * command and JavaScript call in it runs as printed (against this server instead of
 * localhost:4000) with a real key and without errors.
 */
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DOC_ORIGIN = 'http://localhost:4000';
let s: TestServer;
let key: string;
let doc: string;

/** The fenced blocks of one language in the text. */
function blocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

/** The commands of a shell block, with backslash-continued lines joined. */
function shellCommands(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('curl '));
}

/** Every value of a GraphQL answer's data is there (no root field came back null). */
function allPresent(data: Record<string, unknown>): boolean {
  return Object.values(data).every((v) => v !== null && v !== undefined);
}

beforeAll(async () => {
  doc = await readFile(path.join(ROOT, 'docs/partners.md'), 'utf8');
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  key = (await createKey(s, await adminToken(s), { partnerName: 'Docs Readers Ltd' })).secret;
  // Tour 1 (the examples' tourId), with departures in the examples' window.
  const tour = await makeTour(s);
  await queryRows(
    s.orm.em.fork(),
    sql`
    insert into departures (tour_id, start_date, capacity) select ${tour}, '2027-06-01'::date + g * 7, 12 from generate_series(0, 9) g`,
  );
});
afterAll(() => s?.stop());

describe('docs/partners.md', () => {
  it('is generated from @tembea/schema as it is now (node scripts/partner-docs.mjs --check)', async () => {
    const { stdout } = await run(process.execPath, ['scripts/partner-docs.mjs', '--check'], { cwd: ROOT });
    expect(stdout).toContain('up to date');
  });

  it('has curl commands and JavaScript calls to run', () => {
    expect(blocks(doc, 'sh').flatMap(shellCommands).length).toBeGreaterThanOrEqual(5);
    expect(blocks(doc, 'js').some((b) => b.includes('await tembea('))).toBe(true);
  });

  it('every curl command runs as printed with the key and answers without errors', async () => {
    for (const command of blocks(doc, 'sh').flatMap(shellCommands)) {
      expect(command, 'printed for the server npm start runs').toContain(DOC_ORIGIN);
      const local = command.replaceAll(DOC_ORIGIN, s.url);
      const { stdout } = await run('sh', ['-c', local], { env: { ...process.env, TEMBEA_API_KEY: key } });
      const answer = JSON.parse(stdout);
      expect(answer.errors, command).toBeUndefined();
      if (command.includes('/graphql')) expect(allPresent(answer.data), command).toBe(true);
    }
  });

  it('every JavaScript call runs as printed, with the client printed beside it and the key', async () => {
    const js = blocks(doc, 'js');
    const client = js.find((b) => b.startsWith('export async function tembea('));
    expect(client).toBeDefined();
    const calls = js.filter((b) => b.includes('await tembea(') && b !== client);
    expect(calls.length).toBeGreaterThan(0);
    const dir = await mkdtemp(path.join(tmpdir(), 'tembea-docs-'));
    try {
      await writeFile(path.join(dir, 'tembea.mjs'), client!);
      for (const [i, call] of calls.entries()) {
        expect(call, 'a call names its answer data').toContain('const data = await tembea(');
        const file = path.join(dir, `call-${i}.mjs`);
        await writeFile(
          file,
          `import { tembea } from './tembea.mjs';\n${call.replaceAll(DOC_ORIGIN, s.url)}\nconsole.log(JSON.stringify(data));\n`,
        );
        const { stdout } = await run(process.execPath, [file], { env: { ...process.env, TEMBEA_API_KEY: key } });
        expect(allPresent(JSON.parse(stdout)), call).toBe(true);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
