import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../common/sql.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken } from '../../test/booking-helpers.js';
import { createKey, keyGql } from '../../test/partner-helpers.js';
import { startReceiver } from '../../test/webhook-receiver.js';
import { embeddedIpv4, isInternalAddress, publicOnlyLookup } from './webhook-target.js';

describe('internal addresses', () => {
  it('covers loopback, private, link-local, shared and reserved ranges, in IPv4, IPv6 and mapped form', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isInternalAddress(a), a).toBe(false);
  });

  it('reads the IPv4 address an IPv6 address carries, and refuses it when that one is internal', () => {
    const forms: [string, string | null][] = [
      ['::ffff:7f00:1', '127.0.0.1'],
      ['::ffff:0:a00:1', '10.0.0.1'],
      ['::7f00:1', '127.0.0.1'],
      ['::127.0.0.1', '127.0.0.1'],
      ['::a9fe:a9fe', '169.254.169.254'],
      ['64:ff9b::7f00:1', '127.0.0.1'],
      ['64:ff9b::169.254.169.254', '169.254.169.254'],
      ['2002:7f00:1::', '127.0.0.1'],
      ['2002:c0a8:101:1::5', '192.168.1.1'],
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1'],
      ['2001::f5ff:fffe', '10.0.0.1'],
      ['64:ff9b::808:808', '8.8.8.8'],
      ['2002:808:808::1', '8.8.8.8'],
      ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', '8.8.8.8'],
      ['2606:4700:4700::1111', null],
    ];
    for (const [address, v4] of forms) {
      expect(embeddedIpv4(address), address).toBe(v4);
      expect(isInternalAddress(address), address).toBe(v4 !== null && v4 !== '8.8.8.8');
    }
    expect(isInternalAddress('64:ff9b:1::808:808')).toBe(true);
  });

  it('a lookup for outgoing webhooks refuses a name that resolves only to internal addresses', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (e) => resolve(e)),
    );
    expect(error?.message).toBe('localhost is an internal address; webhooks go to public receivers only');
  });
});

describe('webhooks where internal targets are not allowed (the default, in every environment)', () => {
  let s: TestServer;
  beforeAll(async () => {
    // No WEBHOOK_ALLOW_INTERNAL_TARGETS, and NODE_ENV is 'test': internal targets are refused all the same.
    s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  });
  afterAll(() => s?.stop());

  it('never reaches a receiver on this machine, by IP or by name, and says why in the delivery', async () => {
    const admin = await adminToken(s);
    const { secret: apiKey } = await createKey(s, admin, { partnerName: 'Curious Agency' });
    const receiver = await startReceiver(4651);
    try {
      // IPv6 addresses that carry 127.0.0.1: IPv4-mapped, IPv4-compatible, NAT64, 6to4 and Teredo.
      const embedded = [
        '::ffff:7f00:1',
        '::7f00:1',
        '64:ff9b::7f00:1',
        '2002:7f00:1::',
        '2001:0:4136:e378:8000:63bf:80ff:fffe',
      ];
      const urls = [
        receiver.url,
        receiver.url.replace('127.0.0.1', 'localhost'),
        ...embedded.map((a) => `https://[${a}]:4651/hooks`),
      ];
      for (const url of urls) {
        const r = await keyGql(
          s,
          apiKey,
          'mutation($input: RegisterWebhookInput!) { registerWebhook(input: $input) { webhook { id } } }',
          { input: { url, events: ['TOUR_CHANGED'] } },
        );
        expect(r.body.errors).toBeUndefined();
      }
      const created = await gql(
        s,
        `mutation($input: TourInput!) { createTour(input: $input) { tour { id } } }`,
        {
          input: {
            title: 'Mikumi Day Safari',
            description: 'Elephants and giraffes.',
            destination: 'mikumi',
            country: 'Tanzania',
            durationDays: 1,
            durationNights: 0,
            price: '150',
            status: 'active',
          },
        },
        { token: admin },
      );
      expect(created.body.errors).toBeUndefined();
      await s.webhooks.flush();

      expect(receiver.received).toEqual([]);
      const rows = await queryRows<{ url: string; status: string; last_error: string }>(
        s.orm.em.fork(),
        sql`
        select s.url, d.status, d.last_error from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id order by d.id`,
      );
      expect(rows).toEqual([
        {
          url: urls[0],
          status: 'FAILED',
          last_error: '127.0.0.1 is an internal address; webhooks go to public receivers only',
        },
        {
          url: urls[1],
          status: 'FAILED',
          last_error: 'localhost is an internal address; webhooks go to public receivers only',
        },
        ...embedded.map((a, i) => ({
          url: urls[i + 2],
          status: 'FAILED',
          last_error: `[${a}] is an internal address; webhooks go to public receivers only`,
        })),
      ]);
    } finally {
      await receiver.close();
    }
  });
});
