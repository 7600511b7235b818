/**
 * Helpers for the payments tests: the GraphQL operations and a priced booking made to measure.
 * Test-only; nothing in the app imports it.
 */
import type { TestServer } from './harness.js';
import { gql, type signUpAndLogin } from './auth-helpers.js';
import { book, makeTour, request } from './booking-helpers.js';

export const ENTRY_FIELDS = `id bookingId kind amountCents method provider providerReference recordedBy receivedOn createdAt reversesId note`;
export const PAYMENT_FIELDS = `state stateLabel currency totalCents depositCents paidCents refundedCents refundDueCents outstandingCents
  dueNowCents dueNowKind balanceDueDate overdue reference entries { ${ENTRY_FIELDS} }`;
export const MY_PAYMENTS = `{ myBookings { id status payment { state stateLabel paidCents dueNowCents dueNowKind balanceDueDate reference } } }`;
export const BOOKING_PAYMENT = `query($id: ID!) { bookingPayment(bookingId: $id) { ${PAYMENT_FIELDS} } }`;
export const START = `mutation($id: ID!) { startPayment(bookingId: $id) { kind amountCents checkoutUrl
  booking { id payment { state } }
  instructions { reference amountCents sample bank { name accountName accountNumber swift branch } mobileMoney { provider number } } } }`;
export const RECORD = `mutation($input: RecordPaymentInput!) { recordPayment(input: $input) {
  booking { id payment { ${PAYMENT_FIELDS} } } entry { ${ENTRY_FIELDS} } } }`;
export const REFUND = `mutation($input: RefundPaymentInput!) { refundPayment(input: $input) {
  booking { id payment { ${PAYMENT_FIELDS} } } entry { ${ENTRY_FIELDS} } } }`;
export const REVERSE = `mutation($input: ReversePaymentEntryInput!) { reversePaymentEntry(input: $input) {
  booking { id payment { ${PAYMENT_FIELDS} } } entry { ${ENTRY_FIELDS} } } }`;
export const LEDGER = `query($filter: PaymentFilter, $first: Int, $after: String) { payments(filter: $filter, first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } nodes { ${ENTRY_FIELDS} } } }`;
export const TOTALS = `query($from: String, $to: String) { paymentTotals(from: $from, to: $to) { day method receivedCents refundedCents } }`;

/**
 * A booking of a $250 one-day tour for one person starting in `days` days: total 25,000 cents,
 * deposit 750 (3%). Returns its id.
 */
export async function pricedBooking(
  s: TestServer,
  traveller: Awaited<ReturnType<typeof signUpAndLogin>>,
  days = 40,
  over: Record<string, unknown> = {},
): Promise<string> {
  const tourId = await makeTour(s, { price: 250 });
  const start = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const r = await book(
    s,
    traveller.accessToken,
    request(tourId, { startDate: start, email: traveller.email, ...over }),
  );
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.createBooking.booking.id as string;
}

/** The booking's payment with its ledger, as its owner (or an admin) sees it. */
export async function myPayment(s: TestServer, token: string, bookingId: string) {
  const r = await gql(s, BOOKING_PAYMENT, { id: bookingId }, { token });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.bookingPayment;
}

/** The booking's payment as My bookings lists it (no ledger rows). */
export async function listedPayment(s: TestServer, token: string, bookingId: string) {
  const r = await gql(s, MY_PAYMENTS, {}, { token });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return (r.body.data.myBookings as { id: string; payment: any }[]).find((b) => b.id === bookingId)!.payment;
}
