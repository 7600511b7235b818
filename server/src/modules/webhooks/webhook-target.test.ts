import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../common/sql.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken } from '../../test/booking-helpers.js';
import { createKey, keyGql } from '../../test/partner-helpers.js';
import { startReceiver } from '../../test/webhook-receiver.js';
import { isInternalAddress, publicOnlyLookup } from './webhook-target.js';

describe('internal addresses', () => {
  it('covers loopback, private, link-local, shared and reserved ranges, in IPv4, IPv6 and mapped form', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.9', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
      '::1', '::', 'fd12:3456::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip']) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isInternalAddress(a), a).toBe(false);
  });

  it('a lookup for outgoing webhooks refuses a name that resolves only to internal addresses', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', {}, (e) => resolve(e)));
    expect(error?.message).toBe('localhost is an internal address; webhooks go to public receivers only');
  });
});

describe('webhooks where internal targets are not allowed (the production default)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: { ...ADMIN_ENV, WEBHOOK_ALLOW_INTERNAL_TARGETS: 'false' } });
  });
  afterAll(() => s?.stop());

  it('never reaches a receiver on this machine, by IP or by name, and says why in the delivery', async () => {
    const admin = await adminToken(s);
    const { secret: apiKey } = await createKey(s, admin, { partnerName: 'Curious Agency' });
    const receiver = await startReceiver(4651);
    try {
      const urls = [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')];
      for (const url of urls) {
        const r = await keyGql(s, apiKey, 'mutation($input: RegisterWebhookInput!) { registerWebhook(input: $input) { webhook { id } } }', { input: { url, events: ['TOUR_CHANGED'] } });
        expect(r.body.errors).toBeUndefined();
      }
      const created = await gql(s, `mutation($input: TourInput!) { createTour(input: $input) { id } }`, {
        input: { title: 'Mikumi Day Safari', description: 'Elephants and giraffes.', destination: 'mikumi', country: 'Tanzania', durationDays: 1, durationNights: 0, price: '150', status: 'active' },
      }, { token: admin });
      expect(created.body.errors).toBeUndefined();
      await s.webhooks.flush();

      expect(receiver.received).toEqual([]);
      const rows = await queryRows<{ url: string; status: string; last_error: string }>(s.orm.em.fork(), sql`
        select s.url, d.status, d.last_error from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id order by d.id`);
      expect(rows).toEqual([
        { url: urls[0], status: 'FAILED', last_error: '127.0.0.1 is an internal address; webhooks go to public receivers only' },
        { url: urls[1], status: 'FAILED', last_error: 'localhost is an internal address; webhooks go to public receivers only' },
      ]);
    } finally {
      await receiver.close();
    }
  });
});
