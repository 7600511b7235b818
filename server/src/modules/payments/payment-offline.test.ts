import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { api, gql, mailsTo, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, CANCEL_MINE, adminToken } from '../../test/booking-helpers.js';
import {
  LEDGER,
  RECORD,
  REFUND,
  REVERSE,
  START,
  TOTALS,
  BOOKING_PAYMENT,
  listedPayment,
  myPayment,
  pricedBooking,
} from '../../test/payment-helpers.js';
import { addDays, travellerToday } from '@tembea/schema';
import { queryRows, sql } from '../../common/sql.js';

let s: TestServer;
let admin: string;
let traveller: Awaited<ReturnType<typeof signUpAndLogin>>;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
  traveller = await signUpAndLogin(s);
});
afterAll(() => s?.stop());

const today = () => new Date().toISOString().slice(0, 10);
const record = (bookingId: string, amountCents: number, over: Record<string, unknown> = {}) =>
  gql(s, RECORD, { input: { bookingId, amountCents, method: 'BANK_TRANSFER', ...over } }, { token: admin });

describe('paying offline', () => {
  it('shows a new booking Unpaid with the deposit due and its own reference', async () => {
    const id = await pricedBooking(s, traveller);
    const p = await myPayment(s, traveller.accessToken, id);
    expect(p).toMatchObject({
      state: 'UNPAID',
      stateLabel: 'Unpaid',
      currency: 'USD',
      totalCents: 25_000,
      depositCents: 750,
      paidCents: 0,
      dueNowCents: 750,
      dueNowKind: 'DEPOSIT',
      overdue: false,
      entries: [],
    });
    expect(p.reference).toMatch(/^TB-[A-HJ-NP-Z2-9]{6}$/);
  });

  it('gives the owner instructions for the amount the rules say, with the reference and sample details', async () => {
    const id = await pricedBooking(s, traveller);
    const r = await gql(s, START, { id }, { token: traveller.accessToken });
    expect(r.body.errors).toBeUndefined();
    const started = r.body.data.startPayment;
    expect(started).toMatchObject({ kind: 'DEPOSIT', amountCents: 750, checkoutUrl: null });
    expect(started.instructions).toMatchObject({ amountCents: 750, sample: true });
    expect(started.instructions.reference).toBe((await myPayment(s, traveller.accessToken, id)).reference);
    expect(started.instructions.bank.name).toMatch(/sample/i);
    expect(started.instructions.mobileMoney[0].provider).toBe('MPESA');
    // Nobody else can start it: another traveller's booking does not exist for them.
    const other = await signUpAndLogin(s);
    const refused = await gql(s, START, { id }, { token: other.accessToken });
    expect(refused.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await gql(s, START, { id })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('asks for the full amount when the trip starts within 30 days', async () => {
    const id = await pricedBooking(s, traveller, 20);
    const r = await gql(s, START, { id }, { token: traveller.accessToken });
    expect(r.body.data.startPayment).toMatchObject({ kind: 'FULL', amountCents: 25_000 });
  });

  it('records the deposit: Deposit paid, the balance due 30 days before departure, a receipt mailed', async () => {
    const id = await pricedBooking(s, traveller);
    const r = await record(id, 750, { method: 'MPESA', payerReference: `QK${Date.now()}`, receivedOn: today() });
    expect(r.body.errors).toBeUndefined();
    const { booking, entry } = r.body.data.recordPayment;
    expect(entry).toMatchObject({ kind: 'DEPOSIT', amountCents: 750, method: 'MPESA', provider: 'offline' });
    expect(entry.recordedBy).toBe(ADMIN_ENV.ADMIN_EMAIL);
    expect(booking.payment).toMatchObject({ state: 'DEPOSIT_PAID', paidCents: 750, outstandingCents: 24_250 });
    const mine = await myPayment(s, traveller.accessToken, id);
    expect(mine).toMatchObject({ state: 'DEPOSIT_PAID', stateLabel: 'Deposit paid', dueNowCents: 0 });
    expect(await listedPayment(s, traveller.accessToken, id)).toMatchObject({ state: 'DEPOSIT_PAID', paidCents: 750 });
    const stranger = await signUpAndLogin(s);
    const hidden = await gql(s, BOOKING_PAYMENT, { id }, { token: stranger.accessToken });
    expect(hidden.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(mine.entries).toHaveLength(1);
    // With the deposit in, the traveller may pay the balance ahead of time.
    const next = await gql(s, START, { id }, { token: traveller.accessToken });
    expect(next.body.data.startPayment).toMatchObject({ kind: 'BALANCE', amountCents: 24_250 });
    await s.outbox.flush();
    const receipt = mailsTo(s, traveller.email).find((m) => m.text.includes('Payment received: $7.50'));
    expect(receipt?.text).toContain('seven dollars and fifty cents');
    expect(receipt?.text).toContain(mine.reference);
  });

  it('refuses more than is still to pay, a reference recorded twice, and anyone but an admin', async () => {
    const id = await pricedBooking(s, traveller);
    const over = await record(id, 25_001);
    expect(over.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(over.body.errors[0].message).toBe('At most $250.00 is still to pay on this booking.');
    const ref = `TX-${Date.now()}`;
    expect((await record(id, 750, { payerReference: ref })).body.errors).toBeUndefined();
    const twice = await record(id, 100, { payerReference: ref });
    expect(twice.body.errors[0].extensions.code).toBe('CONFLICT');
    const byTraveller = await gql(
      s,
      RECORD,
      { input: { bookingId: id, amountCents: 100, method: 'MPESA' } },
      { token: traveller.accessToken },
    );
    expect(byTraveller.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const bad = await record(id, 0, { receivedOn: '2099-01-01' });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toEqual([
      'amountCents',
      'receivedOn',
    ]);
    // Money does not arrive before the booking exists: a year-1 day (or any day before) is refused.
    const early = await record(id, 100, { receivedOn: '0001-01-01' });
    expect(early.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/^receivedOn cannot be before the booking was made \(\d{4}-\d{2}-\d{2}\)$/),
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'receivedOn' }] },
    });
    expect((await record(id, 24_250)).body.data.recordPayment.booking.payment.state).toBe('PAID_IN_FULL');
    const more = await record(id, 1);
    expect(more.body.errors[0].extensions.code).toBe('CONFLICT');
    const start = await gql(s, START, { id }, { token: traveller.accessToken });
    expect(start.body.errors[0].extensions.code).toBe('CONFLICT');
  });

  it('corrects a mistake with a reversing row; the ledger refuses updates and deletes', async () => {
    const id = await pricedBooking(s, traveller);
    const first = (await record(id, 750)).body.data.recordPayment.entry;
    const r = await gql(s, REVERSE, { input: { entryId: first.id, reason: 'Wrong booking' } }, { token: admin });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.reversePaymentEntry.entry).toMatchObject({ reversesId: first.id, note: 'Wrong booking' });
    expect(r.body.data.reversePaymentEntry.booking.payment).toMatchObject({ state: 'UNPAID', paidCents: 0 });
    const again = await gql(s, REVERSE, { input: { entryId: first.id, reason: 'Again' } }, { token: admin });
    expect(again.body.errors[0].extensions.code).toBe('CONFLICT');
    const em = s.orm.em.fork();
    await expect(
      queryRows(em, sql`update payment_entries set amount_cents = 1 where id = ${Number(first.id)}`),
    ).rejects.toThrow(/never changed or deleted/);
    await expect(queryRows(em, sql`delete from payment_entries where id = ${Number(first.id)}`)).rejects.toThrow(
      /never changed or deleted/,
    );
  });
});

describe('cancelling and refunding', () => {
  it('owes back what was paid less the deposit 30+ days ahead; a recorded refund makes it Refunded', async () => {
    const id = await pricedBooking(s, traveller);
    await record(id, 5_000);
    const cancel = await gql(s, CANCEL_MINE, { id }, { token: traveller.accessToken });
    expect(cancel.body.errors).toBeUndefined();
    expect(await myPayment(s, traveller.accessToken, id)).toMatchObject({
      state: 'REFUND_DUE',
      stateLabel: 'Refund due',
      refundDueCents: 4_250,
      dueNowCents: 0,
    });
    const tooMuch = await gql(
      s,
      REFUND,
      { input: { bookingId: id, amountCents: 5_001, method: 'MPESA' } },
      { token: admin },
    );
    expect(tooMuch.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    // No method named: the money goes back the way it came in (a bank transfer here).
    const r = await gql(
      s,
      REFUND,
      { input: { bookingId: id, amountCents: 4_250, reference: 'RF123' } },
      { token: admin },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.refundPayment.entry).toMatchObject({ kind: 'REFUND', method: 'BANK_TRANSFER' });
    expect(r.body.data.refundPayment.booking.payment).toMatchObject({
      state: 'REFUNDED',
      paidCents: 750,
      refundedCents: 4_250,
      refundDueCents: 0,
    });
    // Money that arrives after the cancellation is owed back whole.
    const late = await record(id, 1_000);
    expect(late.body.data.recordPayment.booking.payment).toMatchObject({ state: 'REFUND_DUE', refundDueCents: 1_000 });
    await s.outbox.flush();
    expect(mailsTo(s, traveller.email).some((m) => m.text.includes('Refund issued: $42.50'))).toBe(true);
    expect(
      mailsTo(s, traveller.email).some((m) =>
        m.text.includes('You have paid $50.00; $42.50 (forty-two dollars and fifty cents) will be refunded to you.'),
      ),
    ).toBe(true);
  });

  it('suggests no refund under 30 days; the admin decides', async () => {
    const id = await pricedBooking(s, traveller, 20);
    await record(id, 25_000);
    await gql(s, CANCEL_MINE, { id }, { token: traveller.accessToken });
    expect(await myPayment(s, traveller.accessToken, id)).toMatchObject({ state: 'PAID_IN_FULL', refundDueCents: 0 });
    const r = await gql(
      s,
      REFUND,
      { input: { bookingId: id, amountCents: 10_000, method: 'BANK_TRANSFER' } },
      { token: admin },
    );
    expect(r.body.data.refundPayment.booking.payment).toMatchObject({ state: 'REFUNDED', paidCents: 15_000 });
  });
});

describe('the admin ledger', () => {
  it('lists rows newest first with filters, totals per day and method, and exports CSV', async () => {
    const id = await pricedBooking(s, traveller);
    await record(id, 750, { method: 'TIGO_PESA', payerReference: '=HYPERLINK("x")' });
    const page = await gql(s, LEDGER, { filter: { method: 'TIGO_PESA' }, first: 1 }, { token: admin });
    expect(page.body.errors).toBeUndefined();
    expect(page.body.data.payments.nodes[0]).toMatchObject({ method: 'TIGO_PESA', bookingId: id });
    expect(page.body.data.payments.totalCount).toBeGreaterThanOrEqual(1);
    const totals = await gql(s, TOTALS, {}, { token: admin });
    const tigo = totals.body.data.paymentTotals.find((t: { method: string }) => t.method === 'TIGO_PESA');
    expect(tigo).toMatchObject({ day: today(), receivedCents: 750 });
    expect((await gql(s, LEDGER, {}, { token: traveller.accessToken })).body.errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    const csv = await api(s, 'GET', '/bookings/admin/payments?method=tigo_pesa', undefined, { token: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.body).toContain('"\'=HYPERLINK(""x"")"');
    expect((await api(s, 'GET', '/bookings/admin/payments', undefined, { token: traveller.accessToken })).status).toBe(
      403,
    );
  });
});

describe('the ledger CSV amounts', () => {
  /** The rows of a CSV whose fields are all quoted, as toCsv writes them. */
  const csvRows = (text: string) =>
    text
      .split('\r\n')
      .filter(Boolean)
      .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));

  it('are each row’s signed effect: reversals cancel their rows, and the column sums to the net', async () => {
    // Airtel Money is used by no other test here, so the method's rows and totals are this test's alone.
    const id = await pricedBooking(s, traveller);
    const airtel = { method: 'AIRTEL_MONEY' };
    const reverse = async (entryId: string) => {
      const r = await gql(s, REVERSE, { input: { entryId, reason: 'Recorded by mistake' } }, { token: admin });
      expect(r.body.errors).toBeUndefined();
      return r.body.data.reversePaymentEntry.entry;
    };
    const refund = async (amountCents: number) => {
      const r = await gql(s, REFUND, { input: { bookingId: id, amountCents, ...airtel } }, { token: admin });
      expect(r.body.errors).toBeUndefined();
      return r.body.data.refundPayment.entry;
    };
    const paid = (await record(id, 5_000, airtel)).body.data.recordPayment.entry;
    const paymentReversal = await reverse(paid.id);
    const kept = (await record(id, 5_000, airtel)).body.data.recordPayment.entry;
    const mistakenRefund = await refund(1_000);
    const refundReversal = await reverse(mistakenRefund.id);
    const keptRefund = await refund(500);
    expect((await myPayment(s, admin, id)).paidCents).toBe(4_500);

    const res = await api(s, 'GET', '/bookings/admin/payments?method=airtel_money', undefined, { token: admin });
    expect(res.status).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    const column = (name: string) => header!.indexOf(name);
    const amounts = new Map(rows.map((r) => [r[column('Entry')], r[column('Amount (USD)')]]));
    const kinds = new Map(rows.map((r) => [r[column('Entry')], r[column('Kind')]]));
    expect(Object.fromEntries(amounts)).toEqual({
      [paid.id]: '50',
      [paymentReversal.id]: '-50',
      [kept.id]: '50',
      [mistakenRefund.id]: '-10',
      [refundReversal.id]: '10',
      [keptRefund.id]: '-5',
    });
    // A reversal keeps the kind of the row it cancels; only its sign differs.
    expect(kinds.get(paymentReversal.id)).toBe(kinds.get(paid.id));
    expect(kinds.get(refundReversal.id)).toBe('refund');

    const sum = [...amounts.values()].reduce((t, a) => t + Math.round(Number(a) * 100), 0);
    const totals = await gql(s, TOTALS, {}, { token: admin });
    expect(totals.body.errors).toBeUndefined();
    const net = (totals.body.data.paymentTotals as { method: string; receivedCents: number; refundedCents: number }[])
      .filter((t) => t.method === 'AIRTEL_MONEY')
      .reduce((t, d) => t + d.receivedCents - d.refundedCents, 0);
    expect(net).toBe(4_500);
    expect(sum).toBe(net);

    // The totals take the ledger's method and kind filter, so they sum what the filtered ledger lists.
    const FILTERED_TOTALS = `query($method: PaymentMethod, $kind: PaymentKind) {
      paymentTotals(method: $method, kind: $kind) { method receivedCents refundedCents } }`;
    const filtered = async (kind: string) => {
      const r = await gql(s, FILTERED_TOTALS, { ...airtel, kind }, { token: admin });
      expect(r.body.errors).toBeUndefined();
      return r.body.data.paymentTotals as { method: string; receivedCents: number; refundedCents: number }[];
    };
    const refunds = await filtered('REFUND');
    expect(refunds.every((t) => t.method === 'AIRTEL_MONEY' && t.receivedCents === 0)).toBe(true);
    expect(refunds.reduce((t, d) => t + d.refundedCents, 0)).toBe(500);
    const payments = await filtered(kinds.get(kept.id)!.toUpperCase());
    expect(payments.every((t) => t.method === 'AIRTEL_MONEY' && t.refundedCents === 0)).toBe(true);
    expect(payments.reduce((t, d) => t + d.receivedCents, 0)).toBe(5_000);
  });
});

describe('the bookings list by what is owed', () => {
  const LIST = `query($filter: BookingFilter) { bookings(filter: $filter, first: 100) { nodes { id } } }`;
  const ids = async (payment: string) => {
    const r = await gql(s, LIST, { filter: { payment } }, { token: admin });
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return (r.body.data.bookings.nodes as { id: string }[]).map((n) => n.id);
  };

  it('finds unpaid deposits, balances due within 4 weeks and overdue balances', async () => {
    const unpaid = await pricedBooking(s, traveller, 40);
    const dueSoon = await pricedBooking(s, traveller, 45);
    await record(dueSoon, 750);
    const overdue = await pricedBooking(s, traveller, 25);
    await record(overdue, 750);
    // Its balance fell due yesterday, as the server counts days (not the database's UTC date).
    await queryRows(
      s.orm.em.fork(),
      sql`update bookings set balance_due_date = ${addDays(travellerToday(), -1)} where id = ${Number(overdue)}`,
    );
    const paid = await pricedBooking(s, traveller, 45);
    await record(paid, 25_000);
    expect(await ids('UNPAID_DEPOSIT')).toContain(unpaid);
    expect(await ids('UNPAID_DEPOSIT')).not.toContain(dueSoon);
    expect(await ids('BALANCE_DUE_SOON')).toContain(dueSoon);
    expect(await ids('BALANCE_DUE_SOON')).not.toContain(paid);
    expect(await ids('OVERDUE')).toEqual(expect.arrayContaining([overdue]));
    expect(await ids('OVERDUE')).not.toContain(dueSoon);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('two admins at once (PostgreSQL server)', () => {
  it('never records more than is due', async () => {
    const id = await pricedBooking(s, traveller);
    const results = await Promise.all(Array.from({ length: 6 }, () => record(id, 25_000)));
    expect(results.filter((r) => !r.body.errors)).toHaveLength(1);
    expect((await myPayment(s, traveller.accessToken, id)).paidCents).toBe(25_000);
  });
});
