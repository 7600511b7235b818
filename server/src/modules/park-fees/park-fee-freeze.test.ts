import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../common/sql.js';
import type { RequestContext } from '../../common/context.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, mailsTo, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, bookRest, inDays, makeTour, request } from '../../test/booking-helpers.js';
import { createKey, keyGql } from '../../test/partner-helpers.js';
import { Booking } from '../bookings/booking.entity.js';
import { travellerService } from '../travellers/traveller.service.js';

let s: TestServer;
let admin: string;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let scheduleId: string;

const SAVE = `mutation($input: ParkFeeScheduleInput!) { saveParkFeeSchedule(input: $input) { schedule { id } } }`;
const PRICE = `price { priced total parkFees grandTotal deposit balance }`;
const CREATE = `mutation($input: BookingInput!) { createBooking(input: $input) { booking { id ${PRICE}
  parkFees { partyAssumed netCents vatCents totalCents items { areaCode ageBand count unitCents totalCents } }
  travellers { travellers { position fullName dateOfBirth residency passportNumber } missing } } } }`;
const CHANGES = `{ parkFeeChanges { booking { id ${PRICE} } frozenCents currentCents differenceCents } }`;
const APPLY = `mutation($id: ID!) { applyParkFeeChange(bookingId: $id) { differenceCents booking { id ${PRICE}
  parkFees { totalCents } payment { depositCents totalCents paidCents outstandingCents state } } } }`;
const RECORD = `mutation($input: RecordPaymentInput!) { recordPayment(input: $input) { entry { id } } }`;
const MINE = `{ myBookings { id } }`;
// Who travels is read for a few bookings at a time: each may list as many people as a departure holds.
const ADMIN_LIST = `{ bookings(first: 2) { nodes { id travellers { travellers { fullName dateOfBirth } } } } }`;
const CANCEL_MINE = `mutation($id: ID!) { cancelMyBooking(id: $id) { booking { travellers { travellers { dateOfBirth } } } } }`;

/**
 * Two test parks: in each, non-resident adults pay $50 and children $10 a day, VAT 10%. CHANGE_NP
 * is the one the fee change tests raise, so the bookings of the first tests keep their fees.
 */
function schedule(changeAdultCents = 5000, id?: string) {
  const fees = (adult: number) =>
    (['ENTRY_PEAK', 'ENTRY_LOW'] as const).flatMap((kind) => [
      { kind, residency: 'NON_RESIDENT', ageBand: 'ADULT', amount: adult, currency: 'USD' },
      { kind, residency: 'NON_RESIDENT', ageBand: 'CHILD', amount: 1000, currency: 'USD' },
    ]);
  return {
    ...(id ? { id } : {}),
    name: 'Test fees',
    validFrom: inDays(0),
    validTo: inDays(700),
    peakSeasons: [],
    vatPercent: 10,
    tzsPerUsd: 2600,
    areas: [
      { areaCode: 'FREEZE_NP', areaName: 'Freeze National Park', fees: fees(5000) },
      { areaCode: 'CHANGE_NP', areaName: 'Change National Park', fees: fees(changeAdultCents) },
    ],
  };
}

/** A two-day tour at $1,000 a person, both days in the given park. */
function parkTour(area: string) {
  return makeTour(s, {
    title: `Two days in ${area}`,
    price: 1000,
    durationDays: 2,
    durationNights: 1,
    itinerary: [
      { day: 1, title: 'In', description: 'Game drive.', parkArea: area },
      { day: 2, title: 'Out', description: 'Game drive.', parkArea: area },
    ],
  });
}

const FAMILY = [
  { residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 2 },
  { residency: 'NON_RESIDENT', ageBand: 'CHILD', count: 1 },
];
const LEAD = {
  fullName: 'Neema Kimaro',
  dateOfBirth: '1988-02-29',
  nationality: 'Kenyan',
  residency: 'NON_RESIDENT',
  passportNumber: 'AK 99 1234',
};

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
  owner = await signUpAndLogin(s);
  const saved = await gql(s, SAVE, { input: schedule() }, { token: admin });
  if (saved.body.errors) throw new Error(JSON.stringify(saved.body.errors));
  scheduleId = saved.body.data.saveParkFeeSchedule.schedule.id;
});
afterAll(() => s?.stop());

async function create(input: Record<string, unknown>, token = owner.accessToken) {
  return gql(s, CREATE, { input }, { token });
}

describe('a booking freezes the park fees it was quoted', () => {
  it('freezes the fees for the party and takes the deposit of the grand total', async () => {
    const tourId = await parkTour('FREEZE_NP');
    const r = await create(request(tourId, { numberOfPeople: 3, party: FAMILY, leadTraveller: LEAD }));
    expect(r.body.errors).toBeUndefined();
    const b = r.body.data.createBooking.booking;
    // Per day: 2 x $50 + $10 = $110, VAT $11; two days $242. Operator: 3 x $1,000.
    expect(b.parkFees).toMatchObject({ partyAssumed: false, netCents: 22_000, vatCents: 2_200, totalCents: 24_200 });
    expect(b.parkFees.items).toContainEqual({
      areaCode: 'FREEZE_NP',
      ageBand: 'CHILD',
      count: 2,
      unitCents: 1_100,
      totalCents: 2_200,
    });
    expect(b.price).toEqual({
      priced: true,
      total: 3000,
      parkFees: 242,
      grandTotal: 3242,
      deposit: 97.26,
      balance: 3144.74,
    });
    // The quote a moment before said the same.
    const q = await gql(
      s,
      `query($tourId: ID!, $d: String!, $party: [PartyGroupInput!]) { quote(tourId: $tourId, startDate: $d,
        numberOfPeople: 3, bookingType: "group", tier: "Budget", party: $party) { total grandTotal deposit balance parkFees { totalCents } } }`,
      { tourId: String(tourId), d: inDays(40), party: FAMILY },
    );
    expect(q.body.data.quote).toEqual({
      total: 3000,
      grandTotal: 3242,
      deposit: 97.26,
      balance: 3144.74,
      parkFees: { totalCents: 24_200 },
    });
    // The lead traveller is saved with it, sealed at rest.
    expect(b.travellers.travellers[0]).toEqual({
      position: 1,
      fullName: 'Neema Kimaro',
      dateOfBirth: '1988-02-29',
      residency: 'NON_RESIDENT',
      passportNumber: 'AK991234',
    });
    const [row] = await queryRows<{ passport_sealed: string; date_of_birth_sealed: string; park_fees_cents: number }>(
      s.orm.em.fork(),
      sql`select t.passport_sealed, t.date_of_birth_sealed, b.park_fees_cents
            from booking_travellers t join bookings b on b.id = t.booking_id where b.id = ${Number(b.id)}`,
    );
    expect(row!.park_fees_cents).toBe(24_200);
    await s.outbox.flush();
    const received = mailsTo(s, owner.email).find((m) => m.text.includes(`Booking: #${b.id}`));
    expect(received?.text).toContain('Park fees, paid on to the parks: $242.00');
    expect(received?.text).toContain('Total: $3,242.00');
    expect(received?.text).not.toContain('AK991234');
    expect(row!.passport_sealed).not.toContain('AK991234');
    expect(row!.date_of_birth_sealed).not.toContain('1988');
  });

  it('prices every traveller as a non-resident adult when no party is given', async () => {
    const tourId = await parkTour('FREEZE_NP');
    const r = await create(request(tourId, { numberOfPeople: 2 }));
    const b = r.body.data.createBooking.booking;
    expect(b.parkFees).toMatchObject({ partyAssumed: true, totalCents: 22_000 });
    expect(b.price).toMatchObject({ grandTotal: 2220, deposit: 66.6, balance: 2153.4 });
    expect(b.travellers.travellers).toEqual([
      { position: 1, fullName: 'Neema Kimaro', dateOfBirth: null, residency: null, passportNumber: null },
    ]);
  });

  it('refuses a party that does not add up and bad lead details, naming the fields, and saves nothing', async () => {
    const tourId = await parkTour('FREEZE_NP');
    const before = await gql(s, MINE, {}, { token: owner.accessToken });
    const r = await create(
      request(tourId, {
        numberOfPeople: 4,
        party: FAMILY,
        leadTraveller: { ...LEAD, dateOfBirth: '29/02/1988', passportNumber: 'X1' },
      }),
    );
    expect(r.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(r.body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toEqual([
      'leadTraveller.dateOfBirth',
      'leadTraveller.passportNumber',
      'party',
    ]);
    expect(r.body.errors[0].message).toContain('The party counts 3 people; the booking is for 4');
    // What was typed never comes back in the answer.
    expect(JSON.stringify(r.body)).not.toContain('29/02/1988');
    const alone = await create(request(tourId, { numberOfPeople: 2, party: FAMILY }));
    expect(alone.body.errors[0].extensions.fields).toEqual([
      { field: 'party', message: 'The party counts 3 people; the booking is for 2' },
    ]);
    const after = await gql(s, MINE, {}, { token: owner.accessToken });
    expect(after.body.data.myBookings).toHaveLength(before.body.data.myBookings.length);
  });

  it('leaves a tour without park days as it was, on REST as on GraphQL', async () => {
    const tourId = await makeTour(s, { price: 250 });
    const rest = await bookRest(s, owner.accessToken, tourId, request(tourId));
    expect(rest.status).toBe(201);
    expect(rest.body.booking.price).toMatchObject({
      total: 250,
      parkFees: null,
      grandTotal: 250,
      deposit: 7.5,
      balance: 242.5,
    });
    expect(rest.body.booking.parkFees).toBeNull();
    const viaGql = await create(request(tourId));
    expect(viaGql.body.data.createBooking.booking).toMatchObject({
      price: { total: 250, parkFees: null, grandTotal: 250, deposit: 7.5 },
      parkFees: null,
    });
  });
});

describe('travellers on a booking', () => {
  it('are shown to the owner and admins, and to nobody else', async () => {
    const tourId = await parkTour('FREEZE_NP');
    const r = await create(request(tourId, { leadTraveller: LEAD }));
    const id = Number(r.body.data.createBooking.booking.id);
    const cancelled = await gql(s, CANCEL_MINE, { id: String(id) }, { token: owner.accessToken });
    expect(cancelled.body.data.cancelMyBooking.booking.travellers.travellers[0].dateOfBirth).toBe('1988-02-29');
    const listed = (await gql(s, ADMIN_LIST, {}, { token: admin })).body.data.bookings.nodes;
    expect(listed.find((b: { id: string }) => b.id === String(id)).travellers.travellers[0].fullName).toBe(
      'Neema Kimaro',
    );
    // A field of a booking someone else reaches answers null, never the list nor an error.
    const stranger = await signUpAndLogin(s);
    const ctx = (principal: RequestContext['principal']) =>
      ({ em: s.orm.em.fork(), config: s.config, principal }) as unknown as RequestContext;
    const b = await s.orm.em.fork().findOneOrFail(Booking, id);
    const asListed = [
      { id, ownerId: owner.id, name: b.name, startDate: b.startDate, numberOfPeople: b.numberOfPeople },
    ];
    expect(await travellerService.visibleOf(ctx({ kind: 'user', id: stranger.id, role: 'user' }), asListed)).toEqual([
      null,
    ]);
    expect(await travellerService.visibleOf(ctx({ kind: 'anonymous' }), asListed)).toEqual([null]);
    expect(
      await travellerService.visibleOf(ctx({ kind: 'partner', keyId: 1, partnerName: 'Safari Link Agency' }), asListed),
    ).toEqual([null]);
    const { secret } = await createKey(s, admin);
    const asPartner = await keyGql(s, secret, MINE);
    expect(asPartner.body.data?.myBookings ?? null).toBeNull();
    expect(JSON.stringify(asPartner.body)).not.toContain('1988');
  });
});

describe('park fee changes after booking', () => {
  let familyId: string;
  let soloId: string;

  it('lists the upcoming bookings the new fees change, with the difference', async () => {
    const tourId = await parkTour('CHANGE_NP');
    familyId = (await create(request(tourId, { numberOfPeople: 3, party: FAMILY }))).body.data.createBooking.booking.id;
    soloId = (await create(request(tourId, { numberOfPeople: 1 }))).body.data.createBooking.booking.id;
    expect((await gql(s, CHANGES, {}, { token: admin })).body.data.parkFeeChanges).toEqual([]);
    // The parks raise the adult fee from $50 to $60 a day.
    const saved = await gql(s, SAVE, { input: schedule(6000, scheduleId) }, { token: admin });
    expect(saved.body.errors).toBeUndefined();
    const changes = (await gql(s, CHANGES, {}, { token: admin })).body.data.parkFeeChanges;
    expect(changes.map((c: { booking: { id: string } }) => c.booking.id).sort()).toEqual([familyId, soloId].sort());
    const family = changes.find((c: { booking: { id: string } }) => c.booking.id === familyId);
    // Per day 2 x $60 + $10 = $130 + VAT = $143; two days $286, was $242.
    expect(family).toMatchObject({ frozenCents: 24_200, currentCents: 28_600, differenceCents: 4_400 });
    expect(family.booking.price).toMatchObject({ parkFees: 242, grandTotal: 3242 });
  });

  it('applies a change: the paid deposit stays, the balance takes the difference, the traveller is told', async () => {
    const paid = await gql(
      s,
      RECORD,
      { input: { bookingId: familyId, amountCents: 9_726, method: 'MPESA', payerReference: 'QKFREEZE1' } },
      { token: admin },
    );
    expect(paid.body.errors).toBeUndefined();
    const r = await gql(s, APPLY, { id: familyId }, { token: admin });
    expect(r.body.errors).toBeUndefined();
    const { booking, differenceCents } = r.body.data.applyParkFeeChange;
    expect(differenceCents).toBe(4_400);
    expect(booking.price).toEqual({
      priced: true,
      total: 3000,
      parkFees: 286,
      grandTotal: 3286,
      deposit: 97.26,
      balance: 3188.74,
    });
    expect(booking.payment).toMatchObject({
      totalCents: 328_600,
      depositCents: 9_726,
      paidCents: 9_726,
      outstandingCents: 318_874,
      state: 'DEPOSIT_PAID',
    });
    await s.outbox.flush();
    const mail = mailsTo(s, owner.email).find((m) => m.text.includes('Park fees changed for your booking'));
    expect(mail?.text).toContain('Park fees before: $242.00');
    expect(mail?.text).toContain('Park fees now: $286.00');
    expect(mail?.text).toContain('Still to pay: $3,188.74');
    // Applied once, it is no longer listed; applying again changes nothing.
    const left = (await gql(s, CHANGES, {}, { token: admin })).body.data.parkFeeChanges;
    expect(left.map((c: { booking: { id: string } }) => c.booking.id)).toEqual([soloId]);
    const again = await gql(s, APPLY, { id: familyId }, { token: admin });
    expect(again.body.data.applyParkFeeChange.differenceCents).toBe(0);
  });

  it('takes an unpaid deposit afresh of the new grand total', async () => {
    const r = await gql(s, APPLY, { id: soloId }, { token: admin });
    // $1,000 + 2 x ($60 + VAT) = $1,132; 3% of it.
    expect(r.body.data.applyParkFeeChange.booking.price).toMatchObject({
      grandTotal: 1132,
      deposit: 33.96,
      balance: 1098.04,
    });
  });

  it('is for admins only', async () => {
    const user = owner.accessToken;
    expect((await gql(s, CHANGES, {}, { token: user })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(s, CHANGES)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await gql(s, APPLY, { id: familyId }, { token: user })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    const { secret } = await createKey(s, admin, { name: 'Changes probe' });
    const partner = await keyGql(s, secret, CHANGES);
    expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(partner.body.errors[0].extensions.code);
  });
});

describe('fees priced again for the travellers named', () => {
  it('uses their dates of birth and residency once every place is named', async () => {
    const tourId = await parkTour('FREEZE_NP');
    const r = await create(request(tourId, { numberOfPeople: 2 }));
    const id = r.body.data.createBooking.booking.id as string;
    const UPDATE = `mutation($id: ID!, $travellers: [TravellerInput!]!) { updateTravellers(bookingId: $id, travellers: $travellers) { bookingId } }`;
    const child = { fullName: 'Baraka Kimaro', dateOfBirth: '2016-05-01', residency: 'NON_RESIDENT' };
    // One named is not enough: the party booked still prices it.
    expect(
      (await gql(s, UPDATE, { id, travellers: [LEAD] }, { token: owner.accessToken })).body.errors,
    ).toBeUndefined();
    const listed = async () =>
      ((await gql(s, CHANGES, {}, { token: admin })).body.data.parkFeeChanges as { booking: { id: string } }[]).find(
        (c) => c.booking.id === id,
      );
    expect(await listed()).toBeUndefined();
    const named = await gql(s, UPDATE, { id, travellers: [LEAD, child] }, { token: owner.accessToken });
    expect(named.body.errors).toBeUndefined();
    // An adult and a child: 2 x ($55 + $11) = $132, not the $220 of two adults.
    expect(await listed()).toMatchObject({ frozenCents: 22_000, currentCents: 13_200, differenceCents: -8_800 });
  });
});
