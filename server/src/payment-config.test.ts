import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { paymentWarnings } from './payment-config.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-payment-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'pD8rKq2LmX9vT4wZ7bN1cF6hJ3sA5eG0yU',
  JWT_REFRESH_SECRET: 'Qz4Wn8Rt2Yb6Lm1Xc9Vk3Hs7Jf5Gd0Pa_',
  PERSONAL_DATA_KEYS: `k1:${Buffer.alloc(32, 3).toString('base64')}`,
};
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

describe('payment configuration', () => {
  it('works with nothing set: offline, a 72-hour hold, no fee, sample details marked as samples', () => {
    const p = load({}).payments;
    expect(p).toMatchObject({ holdHours: 72, refundFeePercent: 0, stripe: null, sampleDetails: true });
    expect(p.bank?.name).toMatch(/sample/i);
    expect(p.mobileMoney).toEqual([{ provider: 'mpesa', number: '+255 700 000 000 (sample)' }]);
  });

  it("uses the operator's own details, and only those, once any is set", () => {
    const p = load({
      PAYMENT_BANK_NAME: 'CRDB Bank',
      PAYMENT_BANK_ACCOUNT_NAME: 'Tembea Tours Ltd',
      PAYMENT_BANK_ACCOUNT_NUMBER: '0150123456700',
      PAYMENT_BANK_SWIFT: 'CORUTZTZ',
      PAYMENT_AIRTEL_MONEY_NUMBER: '+255 784 000 111',
      PAYMENT_HOLD_HOURS: '48',
      REFUND_FEE_PERCENT: '2.5',
    }).payments;
    expect(p).toMatchObject({ holdHours: 48, refundFeePercent: 2.5, sampleDetails: false });
    expect(p.bank).toEqual({
      name: 'CRDB Bank',
      accountName: 'Tembea Tours Ltd',
      accountNumber: '0150123456700',
      swift: 'CORUTZTZ',
      branch: null,
    });
    expect(p.mobileMoney).toEqual([{ provider: 'airtel_money', number: '+255 784 000 111' }]);
  });

  it('turns card payments on with both Stripe secrets, and refuses one alone or malformed', () => {
    expect(load(STRIPE).payments.stripe).toMatchObject({ secretKey: 'sk_test_abc123', apiUrl: null });
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(/must be set together/);
    expect(() => load({ ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/secret key/);
    expect(() => load({ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(/whsec_/);
    expect(load({ ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:12111' }).payments.stripe?.apiUrl).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(() => load({ ...PRODUCTION, ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrow(ConfigError);
  });

  it('refuses bad values with the variable named', () => {
    expect(() => load({ PAYMENT_HOLD_HOURS: '0' })).toThrow(/PAYMENT_HOLD_HOURS/);
    expect(() => load({ REFUND_FEE_PERCENT: '101' })).toThrow(/REFUND_FEE_PERCENT/);
    expect(() => load({ REFUND_FEE_PERCENT: '1.234' })).toThrow(/REFUND_FEE_PERCENT/);
    expect(() => load({ PAYMENT_BANK_NAME: 'CRDB Bank' })).toThrow(/must be set together/);
    expect(() => load({ PAYMENT_MPESA_NUMBER: 'call me' })).toThrow(/PAYMENT_MPESA_NUMBER/);
  });

  it('shows no samples in production, and warns when there is no account to pay into', () => {
    const c = load(PRODUCTION);
    expect(c.payments).toMatchObject({ bank: null, mobileMoney: [], sampleDetails: false });
    expect(paymentWarnings(c)).toHaveLength(1);
    expect(paymentWarnings(load({ ...PRODUCTION, PAYMENT_MPESA_NUMBER: '+255 754 000 000' }))).toEqual([]);
  });
});
