// Process-level helpers for the operations tests: the built server as a child process, fresh
// databases on the machine's PostgreSQL, and a throwaway PostgreSQL cluster a test may stop and start.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshDatabase as freshTestDatabase } from '../../server/src/test/fresh-database.js';

export const SERVER_MAIN = path.resolve(import.meta.dirname, '../../server/dist/main.js');
export const MACHINE_PG = process.env.OPS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.OPS_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const ADMIN = { email: 'ops-admin@tembea.example', password: 'Ngorongoro-Ops-2026!' };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A key prefix in Redis no other run shares. */
export const redisPrefix = () => `${process.env.REDIS_PREFIX ?? 'tembea:ops:'}${randomBytes(4).toString('hex')}:`;
const secret = () => randomBytes(48).toString('base64url');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A new empty database on a PostgreSQL server (the machine's by default); drop() removes it. */
export function freshDatabase(baseUrl = MACHINE_PG): Promise<{ url: string; drop(): Promise<void> }> {
  return freshTestDatabase(baseUrl, 'tembea_ops');
}

/** Signing secrets every instance of one deployment shares. */
export function sharedSecrets(): Record<string, string> {
  return {
    JWT_SECRET: secret(),
    JWT_REFRESH_SECRET: secret(),
    PERSONAL_DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  };
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr. */
  stderr(): string;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, and waits for the exit. */
  kill9(): Promise<void>;
}

/** Starts `node server/dist/main.js` with the given environment on a free port; resolves once /ready answers 200 (the database open, the app built). */
export async function startServer(
  env: Record<string, string>,
  opts: { dataDir?: string } = {},
): Promise<ServerProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'tembea-ops-'));
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      // The load these tests send from one address is far above what the default limits let one client send.
      BOOKING_RATE_LIMIT: '1000000',
      API_RATE_LIMIT: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}: ${err}`);
    if (i > 1200) throw new Error(`${base} did not become ready: ${err}`);
    if (
      await fetch(`${base}/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, child, stderr: () => err, stop: () => end('SIGTERM'), kill9: () => end('SIGKILL') };
}

export interface Answer {
  status: number;
  body: any;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

/** A REST call; a refused or reset connection answers status 0 with the error text. */
export async function rest(base: string, method: string, p: string, body?: unknown, token?: string): Promise<Answer> {
  try {
    return await answer(
      await fetch(`${base}${p}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  } catch (e) {
    return { status: 0, body: String((e as Error).cause ?? e) };
  }
}

/** A GraphQL call; a refused or reset connection answers status 0. */
export async function gql(
  base: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<Answer> {
  return rest(base, 'POST', '/graphql', { query, variables }, token);
}

let users = 0;
/** Signs a new traveller up and in; returns the access token. */
export async function signUp(base: string): Promise<string> {
  const user = {
    name: 'Amani Mushi',
    email: `ops.${Date.now().toString(36)}.${++users}@example.com`,
    phone: '+255 712 345 678',
    password: 'kilimanjaro-5895',
  };
  const reg = await rest(base, 'POST', '/api/auth/register', user);
  if (reg.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(reg.body)}`);
  return login(base, user.email, user.password);
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const r = await rest(base, 'POST', '/api/auth/login', { email, password });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.accessToken as string;
}

export const TOUR_INPUT = {
  title: 'Ngorongoro Crater Day Trip',
  description: 'Into the crater at dawn.',
  price: '250',
  country: 'Tanzania',
  capacity: 10,
  durationDays: 1,
  durationNights: 0,
  destination: 'ngorongoro',
  bookingType: 'group',
  tier: 'Budget',
  status: 'active',
};
const CREATE_TOUR = `mutation($input: TourInput!) { createTour(input: $input) { tour { id title } } }`;

/** An admin adds a group tour through the API; returns its id. */
export async function createTour(
  base: string,
  adminToken: string,
  over: Record<string, unknown> = {},
): Promise<string> {
  const r = await gql(base, CREATE_TOUR, { input: { ...TOUR_INPUT, ...over } }, adminToken);
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.createTour.tour.id as string;
}

/** One group booking over REST. */
export function book(base: string, token: string, tourId: string, date: string, people = 1): Promise<Answer> {
  return rest(
    base,
    'POST',
    `/api/bookings/${tourId}`,
    {
      tourId,
      startDate: date,
      endDate: date,
      numberOfPeople: people,
      name: 'Neema Kimaro',
      email: 'neema@example.com',
      phone: '+255 713 000 111',
    },
    token,
  );
}

/** Each departure's seats taken beside the people of its live bookings; a consistent database has them equal. */
export async function seatLedger(
  url: string,
): Promise<{ tour_id: number; start_date: string; capacity: number; seats_taken: number; people: number }[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (
      await c.query(`
      select d.tour_id, to_char(d.start_date, 'YYYY-MM-DD') start_date, d.capacity, d.seats_taken,
             coalesce((select sum(b.number_of_people) from bookings b
                        where b.tour_id = d.tour_id and b.start_date = d.start_date and b.status <> 'Cancelled'
                          and lower(coalesce(b.booking_type, 'group')) = 'group'), 0)::int people
        from departures d order by d.tour_id, d.start_date`)
    ).rows;
  } finally {
    await c.end();
  }
}

/** True when the answer is a clear refusal: a 503, or a GraphQL error with a code other than INTERNAL_SERVER_ERROR. */
export function clearError(a: Answer): boolean {
  const text = JSON.stringify(a.body);
  if (/select |insert |update |relation |ECONN|knex/i.test(text)) return false;
  if (a.status === 503)
    return a.body?.code === 'SERVICE_UNAVAILABLE' || a.body?.errors?.[0]?.extensions?.code === 'SERVICE_UNAVAILABLE';
  const code = a.body?.errors?.[0]?.extensions?.code ?? a.body?.code;
  return a.status !== 500 && typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR';
}

/** The newest PostgreSQL binaries on the machine (PG_BIN overrides). */
function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (set PG_BIN)');
  return path.join(root, versions[0]!, 'bin');
}

/**
 * Runs a PostgreSQL tool as the postgres user when we are root (initdb and pg_ctl refuse root),
 * without blocking this process: the load a test keeps up meanwhile goes on.
 */
function asPostgres(tool: string, args: string[]): Promise<void> {
  const cmd = path.join(pgBin(), tool);
  const child = process.getuid?.() === 0 ? spawn('runuser', ['-u', 'postgres', '--', cmd, ...args]) : spawn(cmd, args);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} failed: ${out}`)),
    );
  });
}

export interface ScratchCluster {
  /** postgres://… of its `postgres` database. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** A throwaway PostgreSQL cluster (trust auth, a spare port) a test may stop and start at will. */
export async function scratchCluster(): Promise<ScratchCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tembea-pgc-'));
  if (process.getuid?.() === 0) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(ids.stdout.trim()), Number(gid.stdout.trim()));
  }
  const port = await freePort();
  const data = path.join(dir, 'data');
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const start = () =>
    asPostgres('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  const stop = () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
