import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../common/context.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, book, inDays, makeTour, request } from '../../test/booking-helpers.js';
import { watchStatements, type StatementWatch } from '../../test/statements.js';
import { travellerService, type ListedBooking } from './traveller.service.js';

type Traveller = Awaited<ReturnType<typeof signUpAndLogin>>;

let s: TestServer;
let admin: string;
let many: Traveller;
let few: Traveller;
let named: string;
let unnamed: string;
let statements: StatementWatch | undefined;

const UPDATE = `mutation($id: ID!, $travellers: [TravellerInput!]!) { updateTravellers(bookingId: $id, travellers: $travellers) { bookingId } }`;
const TRAVELLERS = `travellers { travellers { position fullName dateOfBirth passportNumber erased } missing dueDate }`;
// The query cost limit lets My bookings (up to 500 bookings) select only the due date of each
// booking's travellers, and an admin page select their lists for a few bookings at a time.
const MINE = `{ myBookings { id travellers { dueDate } } }`;
const LIST = `query($first: Int) { bookings(first: $first) { nodes { id travellers { missing dueDate } } } }`;
const PAGE = `query($after: String) { bookings(first: 2, after: $after) { pageInfo { hasNextPage endCursor } nodes { id ${TRAVELLERS} } } }`;
const ONE = `query($id: ID!) { bookingTravellers(bookingId: $id) { travellers { position fullName dateOfBirth passportNumber erased } missing dueDate } }`;
const CREATE = `mutation($input: BookingInput!) { createBooking(input: $input) { booking { id ${TRAVELLERS} } } }`;
const CANCEL_MINE = `mutation($id: ID!) { cancelMyBooking(id: $id) { booking { id ${TRAVELLERS} } } }`;

const AMANI = {
  fullName: 'Amani Mushi',
  dateOfBirth: '1985-03-14',
  residency: 'EAST_AFRICAN_CITIZEN',
  passportNumber: 'TA1234567',
};
const NEEMA = { fullName: 'Neema Mushi', nationality: 'Tanzanian', residency: 'EAST_AFRICAN_CITIZEN' };

let tourId: number;

/** Books the tour for three people under the name Baraka Mushi; returns the booking's id. */
async function newBooking(who: Traveller): Promise<string> {
  const r = await book(
    s,
    who.accessToken,
    request(tourId, { numberOfPeople: 3, name: 'Baraka Mushi', email: who.email }),
  );
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.createBooking.booking.id as string;
}

async function data(query: string, token: string, variables: Record<string, unknown> = {}) {
  const r = await gql(s, query, variables, { token });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data;
}

const saveTravellers = (who: Traveller, id: string, travellers: object[]) =>
  data(UPDATE, who.accessToken, { id, travellers });

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
  tourId = await makeTour(s, { title: 'Serengeti and Ngorongoro', durationDays: 3, durationNights: 2, capacity: 200 });
  many = await signUpAndLogin(s);
  few = await signUpAndLogin(s);
  const manyIds: string[] = [];
  for (let i = 0; i < 12; i++) manyIds.push(await newBooking(many));
  // Every other booking has its list saved, so a list mixes saved travellers and lead-only ones.
  for (const id of manyIds.filter((_, i) => i % 2 === 0)) await saveTravellers(many, id, [AMANI, NEEMA]);
  named = await newBooking(few);
  unnamed = await newBooking(few);
  await saveTravellers(few, named, [AMANI, NEEMA]);
  statements = watchStatements();
});
afterAll(async () => {
  statements?.stop();
  await s?.stop();
});

const countStatements = (run: () => Promise<unknown>) => statements!.count(run);

const SAVED = {
  travellers: [
    { position: 1, fullName: 'Amani Mushi', dateOfBirth: '1985-03-14', passportNumber: 'TA1234567', erased: false },
    { position: 2, fullName: 'Neema Mushi', dateOfBirth: null, passportNumber: null, erased: false },
  ],
  missing: [
    'Traveller 1: nationality',
    'Traveller 2: date of birth',
    'Traveller 3: full name, date of birth, nationality, residency',
  ],
  dueDate: inDays(40 - 14),
};
const LEAD_ONLY = {
  travellers: [{ position: 1, fullName: 'Baraka Mushi', dateOfBirth: null, passportNumber: null, erased: false }],
  missing: [
    'Traveller 1: date of birth, nationality, residency',
    'Traveller 2: full name, date of birth, nationality, residency',
    'Traveller 3: full name, date of birth, nationality, residency',
  ],
  dueDate: inDays(40 - 14),
};

describe('SQL statements of Booking.travellers', () => {
  it('do not grow with the number of bookings in My bookings', async () => {
    let small: unknown[] = [];
    let large: unknown[] = [];
    const two = await countStatements(async () => (small = (await data(MINE, few.accessToken)).myBookings));
    const twelve = await countStatements(async () => (large = (await data(MINE, many.accessToken)).myBookings));
    expect(small).toHaveLength(2);
    expect(large).toHaveLength(12);
    expect(twelve).toBe(two);
    const without = await countStatements(() => data(`{ myBookings { id } }`, many.accessToken));
    // The travellers of the whole list: one statement for their saved rows.
    expect(twelve - without).toBe(1);
  });

  it('do not grow with the number of bookings in the admin list', async () => {
    let nodes = 0;
    const two = await countStatements(async () => {
      nodes = (await data(LIST, admin, { first: 2 })).bookings.nodes.length;
    });
    const twelve = await countStatements(() => data(LIST, admin, { first: 12 }));
    expect(nodes).toBe(2);
    expect(twelve).toBe(two);
    const without = await countStatements(() =>
      data(`query($first: Int) { bookings(first: $first) { nodes { id } } }`, admin, { first: 12 }),
    );
    expect(twelve - without).toBe(1);
  });
});

describe('Booking.travellers', () => {
  it("shows admins each booking's saved travellers, or the lead by the booking's name, as the single query does", async () => {
    const listed: { id: string; travellers: unknown }[] = [];
    let after: string | null = null;
    do {
      const page: any = (await data(PAGE, admin, { after })).bookings;
      listed.push(...page.nodes);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(listed).toHaveLength(14);
    const byId = new Map(listed.map((b) => [b.id, b.travellers]));
    expect(byId.get(named)).toEqual(SAVED);
    expect(byId.get(unnamed)).toEqual(LEAD_ONLY);
    for (const b of listed) expect(b.travellers).toEqual((await data(ONE, admin, { id: b.id })).bookingTravellers);
    const mine = (await data(MINE, many.accessToken)).myBookings as { id: string; travellers: unknown }[];
    for (const b of mine) expect(b.travellers).toEqual({ dueDate: SAVED.dueDate });
  });

  it('shows the owner their own booking as they book and cancel it', async () => {
    const owner = await signUpAndLogin(s);
    const input = request(tourId, { numberOfPeople: 3, name: 'Baraka Mushi', email: owner.email });
    const booked = (await data(CREATE, owner.accessToken, { input })).createBooking.booking;
    expect(booked.travellers).toEqual(LEAD_ONLY);
    await saveTravellers(owner, booked.id, [AMANI, NEEMA]);
    const cancelled = (await data(CANCEL_MINE, owner.accessToken, { id: booked.id })).cancelMyBooking.booking;
    expect(cancelled.travellers).toEqual(SAVED);
  });

  // No query lets another user, a partner's key or an anonymous caller reach someone else's
  // booking, so the rule is checked on the service, with the booking as a list hands it over.
  it('is null for anyone but the owner and admins', async () => {
    const stranger = await signUpAndLogin(s);
    const booking = {
      id: Number(named),
      ownerId: few.id,
      name: 'Baraka Mushi',
      startDate: inDays(40),
      numberOfPeople: 3,
      createdAt: new Date(),
    };
    const ctx = (principal: RequestContext['principal']) =>
      ({ em: s.orm.em.fork(), config: s.config, principal }) as unknown as RequestContext;
    const as = (principal: RequestContext['principal'], b: ListedBooking = booking) =>
      travellerService.visibleOf(ctx(principal), [b]);
    expect(await as({ kind: 'user', id: stranger.id, role: 'user' })).toEqual([null]);
    expect(await as({ kind: 'anonymous' })).toEqual([null]);
    expect(await as({ kind: 'partner', keyId: 1, partnerName: 'Safari Link Agency' })).toEqual([null]);
    expect(await as({ kind: 'system', job: 'test' })).toEqual([null]);
    const owners = await as({ kind: 'user', id: few.id, role: 'user' });
    expect(owners[0]?.travellers.map((t) => t.fullName)).toEqual(['Amani Mushi', 'Neema Mushi']);
    expect(owners[0]?.missing).toEqual(SAVED.missing);
    expect(await as({ kind: 'user', id: stranger.id, role: 'admin' })).toEqual(owners);
    // A booking whose account was deleted is for admins only.
    expect(await as({ kind: 'user', id: few.id, role: 'user' }, { ...booking, ownerId: null })).toEqual([null]);
  });
});
