import { describe, expect, it } from 'vitest';
import {
  signatureHeader,
  validateWebhookInput,
  verifyWebhook,
  webhookSignature,
  webhookUrlError,
  WEBHOOK_URL_MAX,
} from './webhooks.js';

const secret = 'whsec_test_secret';
const body = '{"event":"TOUR_CHANGED","tourId":"7","change":"UPDATED","occurredAt":"2026-01-01T00:00:00.000Z"}';
const ts = 1_800_000_000;

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of "<timestamp>.<body>" under the secret', async () => {
    // Computed independently: node -e "crypto.createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')"
    const expected = '5dc71671a4531fa0b5668924826bf3be356250d9b3d6e54350109cbabb39a91b';
    expect(await webhookSignature(secret, ts, body)).toBe(expected);
    expect(await signatureHeader(secret, ts, body)).toBe(`v1=${expected}`);
  });

  it('verifies a delivery signed with the secret within the tolerance window', async () => {
    const signature = await signatureHeader(secret, ts, body);
    expect(await verifyWebhook({ secret, body, timestamp: String(ts), signature, nowSeconds: ts + 299 })).toEqual({
      ok: true,
    });
    expect(await verifyWebhook({ secret, body, timestamp: String(ts), signature, nowSeconds: ts - 299 })).toEqual({
      ok: true,
    });
  });

  it('refuses a wrong secret, an altered body or an altered timestamp', async () => {
    const signature = await signatureHeader(secret, ts, body);
    const now = ts;
    expect(await verifyWebhook({ secret: 'other', body, timestamp: String(ts), signature, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
    expect(
      await verifyWebhook({
        secret,
        body: body.replace('"7"', '"8"'),
        timestamp: String(ts),
        signature,
        nowSeconds: now,
      }),
    ).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    expect(await verifyWebhook({ secret, body, timestamp: String(ts + 1), signature, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
  });

  it('refuses a replay older (or further ahead) than the tolerance', async () => {
    const signature = await signatureHeader(secret, ts, body);
    expect(await verifyWebhook({ secret, body, timestamp: String(ts), signature, nowSeconds: ts + 301 })).toEqual({
      ok: false,
      reason: 'TOO_OLD',
    });
    expect(await verifyWebhook({ secret, body, timestamp: String(ts), signature, nowSeconds: ts - 301 })).toEqual({
      ok: false,
      reason: 'TOO_OLD',
    });
    expect(
      await verifyWebhook({
        secret,
        body,
        timestamp: String(ts),
        signature,
        nowSeconds: ts + 3600,
        toleranceSeconds: 7200,
      }),
    ).toEqual({ ok: true });
  });

  it('refuses missing headers and a malformed timestamp', async () => {
    const signature = await signatureHeader(secret, ts, body);
    expect(await verifyWebhook({ secret, body, timestamp: null, signature })).toEqual({
      ok: false,
      reason: 'MISSING_HEADER',
    });
    expect(await verifyWebhook({ secret, body, timestamp: String(ts), signature: undefined })).toEqual({
      ok: false,
      reason: 'MISSING_HEADER',
    });
    expect(await verifyWebhook({ secret, body, timestamp: '17e8', signature })).toEqual({
      ok: false,
      reason: 'BAD_TIMESTAMP',
    });
    expect(
      await verifyWebhook({ secret, body, timestamp: String(ts), signature: 'sha256=abc', nowSeconds: ts }),
    ).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  it('accepts any one of several v1 values (a header carrying more than one signature)', async () => {
    const good = await signatureHeader(secret, ts, body);
    expect(
      await verifyWebhook({ secret, body, timestamp: String(ts), signature: `v1=00ff, ${good}`, nowSeconds: ts }),
    ).toEqual({ ok: true });
  });
});

describe('webhook registration rules', () => {
  it('refuses control characters, which PostgreSQL would refuse to store (NUL) or the URL parser would hide', () => {
    for (const url of ['https://agency.example/\u0000', 'https://agency.example/a\u0007b'])
      expect(webhookUrlError(url)).toBe('The URL must not contain control characters');
  });

  it('accepts https anywhere and http only on the local machine', () => {
    expect(webhookUrlError('https://agency.example/hooks')).toBeNull();
    expect(webhookUrlError('http://localhost:4632/hooks')).toBeNull();
    expect(webhookUrlError('http://127.0.0.1:4632/')).toBeNull();
    expect(webhookUrlError('http://[::1]:4632/')).toBeNull();
    expect(webhookUrlError('http://agency.example/hooks')).toBe(
      'The URL must use https (http is accepted only for localhost)',
    );
    expect(webhookUrlError('http://10.0.0.5/hooks')).toBe(
      'The URL must use https (http is accepted only for localhost)',
    );
  });

  it('refuses what is not a usable URL', () => {
    expect(webhookUrlError('')).toBe('Enter the URL that receives the webhooks');
    expect(webhookUrlError('agency.example/hooks')).toBe(
      'Enter a full URL such as https://agency.example/tembea-webhooks',
    );
    expect(webhookUrlError('ftp://agency.example/hooks')).toBe('The URL must use https');
    expect(webhookUrlError('https://user:pw@agency.example/')).toBe('The URL must not contain a user name or password');
    expect(webhookUrlError(`https://agency.example/${'a'.repeat(WEBHOOK_URL_MAX)}`)).toBe(
      `The URL must be at most ${WEBHOOK_URL_MAX} characters`,
    );
  });

  it('needs one or more known events, each once', () => {
    expect(validateWebhookInput({ url: 'https://a.example/', events: ['TOUR_CHANGED', 'SEATS_CHANGED'] })).toEqual([]);
    expect(validateWebhookInput({ url: 'https://a.example/', events: [] })).toEqual([
      { field: 'events', message: 'Choose at least one event: TOUR_CHANGED, SEATS_CHANGED' },
    ]);
    expect(validateWebhookInput({ url: 'https://a.example/', events: ['BOOKED'] })).toEqual([
      { field: 'events', message: 'Unknown event BOOKED: use TOUR_CHANGED or SEATS_CHANGED' },
    ]);
    expect(validateWebhookInput({ url: 'https://a.example/', events: ['TOUR_CHANGED', 'TOUR_CHANGED'] })).toEqual([
      { field: 'events', message: 'List each event once' },
    ]);
  });
});
