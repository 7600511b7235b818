import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { api, gql, mailsTo, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, CONFIRM, adminToken } from '../../test/booking-helpers.js';
import { RECORD, REFUND, REVERSE, myPayment, pricedBooking } from '../../test/payment-helpers.js';
import { queryRows, sql } from '../../common/sql.js';
import { LEDGER_EXPORT_MAX } from './payment-report.service.js';

let s: TestServer;
let admin: string;
let traveller: Awaited<ReturnType<typeof signUpAndLogin>>;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
  traveller = await signUpAndLogin(s);
});
afterAll(() => s?.stop());

const record = (bookingId: string, amountCents: number, over: Record<string, unknown> = {}) =>
  gql(s, RECORD, { input: { bookingId, amountCents, method: 'BANK_TRANSFER', ...over } }, { token: admin });
const refund = (bookingId: string, amountCents: number, over: Record<string, unknown> = {}) =>
  gql(s, REFUND, { input: { bookingId, amountCents, ...over } }, { token: admin });

describe('refunds recorded offline', () => {
  it('take a note as their reference, which may repeat and may match a payer’s reference', async () => {
    const id = await pricedBooking(s, traveller);
    await record(id, 5_000, { payerReference: `PAYER-${id}` });
    for (let i = 0; i < 2; i++) {
      const r = await refund(id, 1_000, { method: 'BANK_TRANSFER', reference: 'Cancellation refund' });
      expect(r.body.errors).toBeUndefined();
    }
    expect((await refund(id, 500, { method: 'BANK_TRANSFER', reference: `PAYER-${id}` })).body.errors).toBeUndefined();
    // A payer's reference still cannot be recorded twice, even after a refund used the same text.
    const other = await pricedBooking(s, traveller);
    expect((await record(other, 750, { payerReference: 'Cancellation refund' })).body.errors).toBeUndefined();
    const twice = await record(other, 750, { payerReference: `PAYER-${id}` });
    expect(twice.body.errors[0].extensions.code).toBe('CONFLICT');
  });

  it('go back the way the latest payment still standing came in, not one that was reversed', async () => {
    const id = await pricedBooking(s, traveller);
    await record(id, 5_000, { method: 'MPESA' });
    const bank = await record(id, 5_000);
    const reversed = await gql(
      s,
      REVERSE,
      { input: { entryId: bank.body.data.recordPayment.entry.id, reason: 'Recorded on the wrong booking' } },
      { token: admin },
    );
    expect(reversed.body.errors).toBeUndefined();
    const r = await refund(id, 1_000);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.refundPayment.entry).toMatchObject({ kind: 'REFUND', method: 'MPESA' });
  });

  it('of a booking that does not exist is NOT_FOUND, with or without a method', async () => {
    for (const over of [{}, { method: 'MPESA' }])
      expect((await refund('999999', 10, over)).body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('payment kinds', () => {
  it('call a payment of more than the missing deposit a balance, so deposit rows never overstate it', async () => {
    const id = await pricedBooking(s, traveller);
    const r = await record(id, 24_000);
    expect(r.body.data.recordPayment.entry).toMatchObject({ kind: 'BALANCE', amountCents: 24_000 });
    const exact = await record(await pricedBooking(s, traveller), 750);
    expect(exact.body.data.recordPayment.entry.kind).toBe('DEPOSIT');
  });
});

describe('the confirmation mail', () => {
  const confirmationMail = async (id: string) => {
    const r = await gql(s, CONFIRM, { id }, { token: admin });
    expect(r.body.errors).toBeUndefined();
    await s.outbox.flush();
    return mailsTo(s, traveller.email)
      .filter((m) => m.text.includes(`#${id}`) && m.text.includes('your booking is confirmed'))
      .at(-1)!.text;
  };

  it('asks for the deposit and the balance of an unpaid booking', async () => {
    const id = await pricedBooking(s, traveller);
    const { balanceDueDate } = await myPayment(s, traveller.accessToken, id);
    expect(await confirmationMail(id)).toContain(
      `Please pay the deposit of $7.50 now and the balance of $242.50 by ${balanceDueDate}.`,
    );
  });

  it('asks for nothing once paid in full, and everything at once within 30 days', async () => {
    const paid = await pricedBooking(s, traveller);
    await record(paid, 25_000);
    const mail = await confirmationMail(paid);
    expect(mail).toContain('Your booking is paid in full: nothing more is due.');
    expect(mail).not.toContain('deposit now');
    const late = await pricedBooking(s, traveller, 20);
    expect(await confirmationMail(late)).toContain(
      'Please pay the $250.00 still due now: a trip this close to departure is paid in full before it starts.',
    );
  });
});

describe('the receipt mail', () => {
  it('numbers the receipt as its page does, and names no balance once paid in full', async () => {
    const id = await pricedBooking(s, traveller);
    const r = await record(id, 25_000);
    const entryId = r.body.data.recordPayment.entry.id;
    const { reference } = await myPayment(s, traveller.accessToken, id);
    await s.outbox.flush();
    const receipt = mailsTo(s, traveller.email)
      .filter((m) => m.text.includes(`Receipt number ${reference}-${entryId}.`))
      .at(-1);
    expect(receipt).toBeDefined();
    expect(receipt!.text).not.toContain('Balance due by');
  });
});

describe('the ledger CSV', () => {
  it(`refuses more than ${LEDGER_EXPORT_MAX} rows rather than leave the newest out`, async () => {
    const id = await pricedBooking(s, traveller);
    // Rows straight into the ledger: many small payments that nobody would record by hand.
    await queryRows(
      s.orm.em.fork(),
      sql`insert into payment_entries (booking_id, kind, amount_cents, method, provider, received_on)
          select ${Number(id)}, 'balance', 1, 'bank_transfer', 'offline', current_date
            from generate_series(1, ${LEDGER_EXPORT_MAX + 1})`,
    );
    const all = await api(s, 'GET', '/bookings/admin/payments', undefined, { token: admin });
    expect(all.status).toBe(400);
    expect(all.body).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'More than 20,000 ledger rows match: export a shorter period with from and to.',
    });
    // A period that holds fewer rows still exports.
    const earlier = await api(s, 'GET', '/bookings/admin/payments?to=2020-01-01', undefined, { token: admin });
    expect(earlier.status).toBe(200);
  });
});
