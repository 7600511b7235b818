import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { startSmtpSink } from '../test/smtp-sink.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { restProfileImage, signUpAndLogin } from '../test/auth-helpers.js';
import { openDatabase } from '../db/orm.js';
import { loadConfig, multiInstanceWarnings } from '../config.js';
import { Mailer } from './mail.js';
import { MailOutbox } from './mail-outbox.worker.js';
import { MAIL_TEMPLATES } from '../mail-templates.js';
import type { RequestContext } from './context.js';
import { queryRows, sql } from './sql.js';

describe('instances sharing one uploads folder (UPLOADS_DIR)', () => {
  const shared = mkdtempSync(path.join(os.tmpdir(), 'tembea-shared-uploads-'));
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      startTestServer({ env: { UPLOADS_DIR: shared } }),
      startTestServer({ seedDemo: false, env: { UPLOADS_DIR: shared } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    rmSync(shared, { recursive: true, force: true });
  });

  it('stores uploads and the demo images there, and every instance serves them', async () => {
    const user = await signUpAndLogin(a);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#1f4d3a' } })
      .png()
      .toBuffer();
    const up = await restProfileImage(a, { data: png, name: 'me.png', type: 'image/png' }, user.accessToken);
    expect(up.status).toBe(200);
    const publicPath = up.body.profileImage as string;
    expect(existsSync(path.join(shared, publicPath.replace(/^\/uploads\//, '')))).toBe(true);
    expect(existsSync(path.join(a.dataDir, 'uploads'))).toBe(false);
    const served = await fetch(`${b.url}${publicPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    // The demo catalogue's images, installed by the instance that seeded, are served by the other.
    const tours = await a.rest('GET', '/api/tours?limit=1');
    const image = tours.body.tours[0].images[0] as string;
    expect(image).toMatch(/^\/uploads\/demo\//);
    expect((await fetch(`${b.url}${image}`)).status).toBe(200);
  });
});

describe('configuration for several instances', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-instances-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const secrets = {
    JWT_SECRET: 'k'.repeat(20) + 'abcdefghijklmnopqrstuv',
    JWT_REFRESH_SECRET: 'r'.repeat(20) + 'abcdefghijklmnopqrstuv',
    PERSONAL_DATA_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  };

  it('keeps uploads under DATA_DIR/uploads unless UPLOADS_DIR names a folder', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).uploadsDir).toBe(path.join(dataDir, 'uploads'));
    expect(loadConfig({ DATA_DIR: dataDir, UPLOADS_DIR: '/mnt/shared/uploads' }).uploadsDir).toBe(
      '/mnt/shared/uploads',
    );
  });

  it('warns when REDIS_URL says there are several instances but the database or the secrets are per instance', () => {
    expect(multiInstanceWarnings(loadConfig({ DATA_DIR: dataDir }))).toEqual([]);
    const both = multiInstanceWarnings(loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379' }));
    expect(both).toHaveLength(2);
    expect(both[0]).toMatch(/embedded in DATA_DIR\/pg.*set DATABASE_URL/);
    expect(both[1]).toMatch(
      /JWT_SECRET, JWT_REFRESH_SECRET and PERSONAL_DATA_KEYS come from .*secrets.*set them in the environment/,
    );
    const none = loadConfig({
      DATA_DIR: dataDir,
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://db/tembea',
      ...secrets,
    });
    expect(multiInstanceWarnings(none)).toEqual([]);
  });
});

// Two outboxes on one database stand for two instances; the embedded database serves one process.
describe.runIf(!!process.env.TEST_DATABASE_URL)('two mail outboxes on one database (PostgreSQL server)', () => {
  let s: TestServer;
  let other: MikroORM;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    s = await startTestServer({ seedDemo: false, env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } });
    other = await openDatabase({ clientUrl: s.config.databaseUrl! });
  });
  afterAll(async () => {
    await other?.close(true);
    await s?.stop();
    await sink?.close();
  });

  it('send each queued mail exactly once while both drain at the same time', async () => {
    // The second instance signs its mail with another sender, to tell who sent what.
    const secondMailer = new Mailer({ ...s.config, mailFrom: 'Second <second@tembea.example>' });
    // The outbox reads only the unit of work and the mailer from its system context.
    const second = new MailOutbox(
      () => ({ em: other.em.fork(), mailer: secondMailer }) as unknown as RequestContext,
      MAIL_TEMPLATES,
    );
    const n = 150;
    const em = s.orm.em.fork();
    await em.transactional(async (tx) => {
      for (let i = 0; i < n; i++)
        await s.outbox.enqueue(tx, [
          {
            template: 'stored-whole',
            data: { subject: `Mail ${i}`, text: `Mail ${i}`, html: `<p>Mail ${i}</p>` },
            to: `guest${i}@example.com`,
          },
        ]);
    });
    // Each flush sends one batch of due mail; both outboxes keep claiming until nothing is left.
    const drain = async (o: MailOutbox) => {
      for (let i = 0; i < 20; i++) await o.flush();
    };
    await Promise.all([drain(s.outbox), drain(second)]);
    const subjects = sink.mails.map((m) => /Subject: (Mail \d+)/.exec(m.data)?.[1]);
    expect(subjects).toHaveLength(n);
    expect(new Set(subjects).size).toBe(n);
    const bySecond = sink.mails.filter((m) => m.from.includes('second@tembea.example')).length;
    expect(bySecond).toBeGreaterThan(0);
    expect(bySecond).toBeLessThan(n);
    const [left] = await queryRows<{ n: number }>(s.orm.em.fork(), sql`select count(*)::int n from mail_outbox`);
    expect(left?.n).toBe(0);
  });
});
