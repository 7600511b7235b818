import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, CANCEL_MINE, adminToken } from '../../test/booking-helpers.js';
import { REFUND, START, myPayment, pricedBooking } from '../../test/payment-helpers.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';

const WEBHOOK_SECRET = 'whsec_test_tembea_standin';
const stripe = new Stripe('sk_test_signing_only');
let s: TestServer;
let standIn: StripeStandIn;
let admin: string;
let traveller: Awaited<ReturnType<typeof signUpAndLogin>>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  s = await startTestServer({
    seedDemo: false,
    env: {
      ...ADMIN_ENV,
      STRIPE_SECRET_KEY: 'sk_test_tembea_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
    },
  });
  admin = await adminToken(s);
  traveller = await signUpAndLogin(s);
});
afterAll(async () => {
  await s?.stop();
  await standIn?.close();
});

let eventSeq = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_test_${Date.now()}_${++eventSeq}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  });
}

function completed(bookingId: string, intent: string, amount: number) {
  return event('checkout.session.completed', {
    id: `cs_test_${intent}`,
    object: 'checkout.session',
    payment_status: 'paid',
    status: 'complete',
    payment_intent: intent,
    amount_total: amount,
    currency: 'usd',
    metadata: { bookingId, kind: 'deposit' },
  });
}

function refunded(intent: string, amountRefunded: number) {
  return event('charge.refunded', {
    id: `ch_${intent}`,
    object: 'charge',
    payment_intent: intent,
    amount: 25_000,
    amount_refunded: amountRefunded,
    refunded: amountRefunded > 0,
  });
}

/** POSTs an event as Stripe does: the raw JSON, signed with the endpoint's secret (or another). */
async function deliver(payload: string, secret = WEBHOOK_SECRET, header?: string) {
  const signature = header ?? stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${s.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('Stripe Checkout (against the local stand-in)', () => {
  it('creates a Checkout Session for the amount due, in USD, with the booking in its metadata', async () => {
    const id = await pricedBooking(s, traveller);
    const r = await gql(s, START, { id }, { token: traveller.accessToken });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.startPayment).toMatchObject({ kind: 'DEPOSIT', amountCents: 750, instructions: null });
    expect(r.body.data.startPayment.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const sent = standIn.requests.filter((q) => q.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '750',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][quantity]': '1',
      'metadata[bookingId]': id,
      'metadata[kind]': 'deposit',
      'payment_intent_data[metadata][bookingId]': id,
      customer_email: traveller.email,
    });
    expect(sent.form.success_url).toBe(`${s.config.publicUrl}/my-bookings?payment=success`);
    expect(sent.form.cancel_url).toBe(`${s.config.publicUrl}/my-bookings?payment=cancelled`);
    // Nothing counts until Stripe's signed event arrives.
    expect((await myPayment(s, traveller.accessToken, id)).state).toBe('UNPAID');
  });
});

describe('the Stripe webhook', () => {
  it('records a completed Checkout once, however often and under whatever event id it comes', async () => {
    const id = await pricedBooking(s, traveller);
    const payload = completed(id, `pi_once_${id}`, 750);
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true } });
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(completed(id, `pi_once_${id}`, 750))).status).toBe(200);
    const p = await myPayment(s, traveller.accessToken, id);
    expect(p).toMatchObject({ state: 'DEPOSIT_PAID', paidCents: 750 });
    expect(p.entries).toHaveLength(1);
    expect(p.entries[0]).toMatchObject({
      kind: 'DEPOSIT',
      method: 'CARD',
      provider: 'stripe',
      providerReference: `pi_once_${id}`,
      recordedBy: null,
    });
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const id = await pricedBooking(s, traveller);
    const payload = completed(id, `pi_forged_${id}`, 750);
    expect(await deliver(payload, 'whsec_not_the_secret')).toMatchObject({
      status: 400,
      body: { message: 'Invalid Stripe signature', code: 'BAD_USER_INPUT' },
    });
    const tampered = await deliver(
      payload.replace('"amount_total":750', '"amount_total":75000'),
      WEBHOOK_SECRET,
      stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(tampered.status).toBe(400);
    const res = await fetch(`${s.url}/api/payments/stripe/webhook`, { method: 'POST', body: payload });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Missing Stripe-Signature header');
    expect((await myPayment(s, traveller.accessToken, id)).entries).toHaveLength(0);
  });

  it('takes a refund event that arrives before its payment once the payment is in (503 until then)', async () => {
    const id = await pricedBooking(s, traveller, 20);
    const intent = `pi_order_${id}`;
    const early = refunded(intent, 5_000);
    expect((await deliver(early)).status).toBe(503);
    expect((await deliver(completed(id, intent, 25_000))).status).toBe(200);
    expect((await deliver(early)).status).toBe(200);
    expect((await deliver(early)).status).toBe(200);
    const p = await myPayment(s, traveller.accessToken, id);
    expect(p).toMatchObject({ paidCents: 20_000, refundedCents: 5_000 });
    expect(p.entries.map((e: { kind: string }) => e.kind)).toEqual(['FULL', 'REFUND']);
    expect(
      (await deliver(event('checkout.session.expired', { id: 'cs_gone', object: 'checkout.session' }))).status,
    ).toBe(200);
  });

  it('refunds card money through the Refunds API, recorded once even when its event follows', async () => {
    const id = await pricedBooking(s, traveller);
    const intent = `pi_refund_${id}`;
    await deliver(completed(id, intent, 10_000));
    const r = await gql(s, REFUND, { input: { bookingId: id, amountCents: 4_000 } }, { token: admin });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.refundPayment.entry).toMatchObject({ kind: 'REFUND', provider: 'stripe', method: 'CARD' });
    const sent = standIn.requests.filter((q) => q.path === '/v1/refunds').at(-1)!;
    expect(sent.form).toMatchObject({ payment_intent: intent, amount: '4000', 'metadata[bookingId]': id });
    // Stripe's own event for the same refund adds nothing.
    expect((await deliver(refunded(intent, 4_000))).status).toBe(200);
    const p = await myPayment(s, traveller.accessToken, id);
    expect(p).toMatchObject({ paidCents: 6_000, refundedCents: 4_000 });
    expect(p.entries).toHaveLength(2);
    const tooMuch = await gql(s, REFUND, { input: { bookingId: id, amountCents: 6_001 } }, { token: admin });
    expect(tooMuch.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    standIn.refuseNextRefund('Charge has already been refunded.');
    const refused = await gql(s, REFUND, { input: { bookingId: id, amountCents: 100 } }, { token: admin });
    expect(refused.body.errors[0]).toMatchObject({
      message: 'Stripe refused the refund: Charge has already been refunded.',
      extensions: { code: 'CONFLICT' },
    });
  });

  it('never refunds through Stripe more than was paid in all: an offline refund of card money counts', async () => {
    const id = await pricedBooking(s, traveller);
    await deliver(completed(id, `pi_offline_first_${id}`, 10_000));
    const offline = await gql(
      s,
      REFUND,
      { input: { bookingId: id, amountCents: 10_000, method: 'BANK_TRANSFER' } },
      { token: admin },
    );
    expect(offline.body.errors).toBeUndefined();
    const calls = standIn.requests.filter((q) => q.path === '/v1/refunds').length;
    const again = await gql(s, REFUND, { input: { bookingId: id, amountCents: 10_000 } }, { token: admin });
    expect(again.body.errors[0]).toMatchObject({
      message: 'At most $0.00 was paid and can be refunded.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // Refused before Stripe was asked: no money left.
    expect(standIn.requests.filter((q) => q.path === '/v1/refunds')).toHaveLength(calls);
    expect(await myPayment(s, traveller.accessToken, id)).toMatchObject({ paidCents: 0, refundedCents: 10_000 });
  });

  it('owes back in full what was paid twice when the traveller cancels, whatever the date', async () => {
    // Within 30 days of departure nothing is owed back by right, but money beyond the total always is.
    const id = await pricedBooking(s, traveller, 20);
    await deliver(completed(id, `pi_twice_a_${id}`, 25_000));
    await deliver(completed(id, `pi_twice_b_${id}`, 25_000));
    expect(await myPayment(s, traveller.accessToken, id)).toMatchObject({
      state: 'REFUND_DUE',
      refundDueCents: 25_000,
    });
    const cancel = await gql(s, CANCEL_MINE, { id }, { token: traveller.accessToken });
    expect(cancel.body.errors).toBeUndefined();
    expect(await myPayment(s, traveller.accessToken, id)).toMatchObject({
      state: 'REFUND_DUE',
      paidCents: 50_000,
      refundDueCents: 25_000,
    });
  });
});
