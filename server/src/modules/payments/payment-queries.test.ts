import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken } from '../../test/booking-helpers.js';
import { RECORD, pricedBooking } from '../../test/payment-helpers.js';
import { watchStatements, type StatementWatch } from '../../test/statements.js';

let s: TestServer;
let admin: string;
let statements: StatementWatch | undefined;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
  const traveller = await signUpAndLogin(s);
  for (let i = 0; i < 12; i++) {
    const id = await pricedBooking(s, traveller);
    await gql(s, RECORD, { input: { bookingId: id, amountCents: 750, method: 'MPESA' } }, { token: admin });
  }
  statements = watchStatements();
});
afterAll(async () => {
  statements?.stop();
  await s?.stop();
});

const countStatements = (run: () => Promise<unknown>) => statements!.count(run);

const LIST = `query($first: Int) { bookings(first: $first) { nodes { id payment { state paidCents entries { id kind } } } } }`;

describe('SQL statements of Booking.payment', () => {
  it('do not grow with the number of bookings listed', async () => {
    let nodes = 0;
    const small = await countStatements(async () => {
      const r = await gql(s, LIST, { first: 2 }, { token: admin });
      nodes = r.body.data.bookings.nodes.length;
    });
    const large = await countStatements(() => gql(s, LIST, { first: 12 }, { token: admin }));
    expect(nodes).toBe(2);
    expect(large).toBe(small);
    const without = await countStatements(() =>
      gql(s, `query($first: Int) { bookings(first: $first) { nodes { id } } }`, { first: 12 }, { token: admin }),
    );
    // The payments of a whole page: the bookings and their ledger rows, two statements.
    expect(large - without).toBe(2);
  });
});
