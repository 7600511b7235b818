import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../common/sql.js';
import type { RequestContext } from '../../common/context.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, mailsTo, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, bookRest, inDays, makeTour, request } from '../../test/booking-helpers.js';
import { createKey, keyGql } from '../../test/partner-helpers.js';
import { Booking } from '../bookings/booking.entity.js';
import { travellerService } from '../travellers/traveller.service.js';
import { ParkFeeSchedule } from './park-fee-schedule.entity.js';

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
 * Test parks: in each, non-resident adults pay $50 and children $10 a day, VAT 10%. CHANGE_NP is
 * the one the fee change tests raise, so the bookings of the first tests keep their fees; RAISED_NP
 * and HUGE_NP are the ones the last tests change, past the service, as a schedule saved long ago.
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
      { areaCode: 'RAISED_NP', areaName: 'Raised National Park', fees: fees(5000) },
      { areaCode: 'HUGE_NP', areaName: 'Huge National Park', fees: fees(5000) },
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

const UPDATE_TRAVELLERS = `mutation($id: ID!, $travellers: [TravellerInput!]!) { updateTravellers(bookingId: $id, travellers: $travellers) { bookingId } }`;

/** The park fee change mail the owner got for a booking (the outbox flushed first). */
function mailOfChange(bookingId: string) {
  const ofBooking = new RegExp(`Booking: #${bookingId}\\b`);
  return mailsTo(s, owner.email).find(
    (m) => m.text.includes('Park fees changed for your booking') && ofBooking.test(m.text),
  );
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
      {
        id,
        ownerId: owner.id,
        name: b.name,
        startDate: b.startDate,
        numberOfPeople: b.numberOfPeople,
        createdAt: b.createdAt,
      },
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
    const mail = mailOfChange(familyId);
    expect(mail?.text).toContain('The parks have changed their fees for the days of your trip');
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
    const child = { fullName: 'Baraka Kimaro', dateOfBirth: '2016-05-01', residency: 'NON_RESIDENT' };
    // One named is not enough: the party booked still prices it.
    expect(
      (await gql(s, UPDATE_TRAVELLERS, { id, travellers: [LEAD] }, { token: owner.accessToken })).body.errors,
    ).toBeUndefined();
    const listed = async () =>
      ((await gql(s, CHANGES, {}, { token: admin })).body.data.parkFeeChanges as { booking: { id: string } }[]).find(
        (c) => c.booking.id === id,
      );
    expect(await listed()).toBeUndefined();
    const named = await gql(s, UPDATE_TRAVELLERS, { id, travellers: [LEAD, child] }, { token: owner.accessToken });
    expect(named.body.errors).toBeUndefined();
    // An adult and a child: 2 x ($55 + $11) = $132, not the $220 of two adults.
    expect(await listed()).toMatchObject({ frozenCents: 22_000, currentCents: 13_200, differenceCents: -8_800 });
  });
});

describe('the mail of a fee change says what changed the fees', () => {
  let id: string;
  let travellers: Record<string, string>[];

  it("names the travellers' details when no schedule changed since booking", async () => {
    const tourId = await parkTour('FREEZE_NP');
    const startDate = inDays(40);
    const r = await create(request(tourId, { startDate, numberOfPeople: 3, party: FAMILY, leadTraveller: LEAD }));
    id = r.body.data.createBooking.booking.id as string;
    // The lead is an East African citizen (no fee in this park) and the child turns 16 on day 2.
    const day2 = inDays(41);
    travellers = [
      { ...LEAD, residency: 'EAST_AFRICAN_CITIZEN' },
      { fullName: 'Juma Kimaro', dateOfBirth: '1985-03-10', residency: 'NON_RESIDENT' },
      {
        fullName: 'Baraka Kimaro',
        dateOfBirth: `${Number(day2.slice(0, 4)) - 16}${day2.slice(4)}`,
        residency: 'NON_RESIDENT',
      },
    ];
    const named = await gql(s, UPDATE_TRAVELLERS, { id, travellers }, { token: owner.accessToken });
    expect(named.body.errors).toBeUndefined();
    const applied = await gql(s, APPLY, { id }, { token: admin });
    expect(applied.body.errors).toBeUndefined();
    // Was 2 adults and a child: $242. Now one adult both days ($110), the child $11 then $55.
    expect(applied.body.data.applyParkFeeChange).toMatchObject({
      differenceCents: -6_600,
      booking: { parkFees: { totalCents: 17_600 } },
    });
    await s.outbox.flush();
    const text = mailOfChange(id)?.text;
    expect(text).toContain(
      'The parks charge each visitor by residency and by age on the day. The details of the travellers now given for your booking change what the parks charge for your trip',
    );
    expect(text).not.toContain('The parks have changed their fees');
    expect(text).toContain('Park fees before: $242.00');
    expect(text).toContain('Park fees now: $176.00');
  });

  it('says it neutrally once fees frozen for named travellers change again', async () => {
    // Fees priced for the travellers as they were cannot be priced again for them as they were.
    const [lead, adult, child] = travellers;
    const again = [lead, { ...adult, residency: 'EAST_AFRICAN_CITIZEN' }, child];
    expect(
      (await gql(s, UPDATE_TRAVELLERS, { id, travellers: again }, { token: owner.accessToken })).body.errors,
    ).toBeUndefined();
    const applied = await gql(s, APPLY, { id }, { token: admin });
    expect(applied.body.data.applyParkFeeChange.differenceCents).toBe(-11_000);
    await s.outbox.flush();
    const mails = mailsTo(s, owner.email).filter(
      (m) => m.text.includes('Park fees changed for your booking') && m.text.includes('Park fees now: $66.00'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      'The park fees of your booking have been worked out again, at the fees the parks charge now and for the travellers on it, and they have changed.',
    );
  });
});

describe('a fee change past what a booking can hold', () => {
  // The amount of the fee found in a schedule: $20 million a day where $50 was meant.
  const HUGE_CENTS = 2_000_000_000;
  let raisedId: string;
  let hugeId: string;

  /** Sets a park's non-resident adult fee in the stored schedule, past the service's checks. */
  async function setAdultFee(areaCode: string, amount: number) {
    const em = s.orm.em.fork();
    const row = await em.findOneOrFail(ParkFeeSchedule, { id: Number(scheduleId) });
    const fees = structuredClone(row.fees);
    const area = fees.areas.find((a) => a.areaCode === areaCode)!;
    for (const table of [area.entry.peak, area.entry.low]) table.NON_RESIDENT!.ADULT = { amount, currency: 'USD' };
    row.fees = fees;
    await em.flush();
  }

  it('refuses such a fee when a schedule is saved, naming the bound', async () => {
    const input = schedule(6000, scheduleId);
    input.areas[3]!.fees[0]!.amount = HUGE_CENTS;
    const r = await gql(s, SAVE, { input }, { token: admin });
    expect(r.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(r.body.errors[0].extensions.fields).toEqual([
      {
        field: 'areas.3.entry.peak.NON_RESIDENT.ADULT',
        message: "A fee is at most $10,000 a visitor (a shilling fee at the schedule's exchange rate)",
      },
    ]);
  });

  it('leaves the booking out of the list, which still lists the others', async () => {
    raisedId = (await create(request(await parkTour('RAISED_NP'), { numberOfPeople: 2 }))).body.data.createBooking
      .booking.id;
    hugeId = (await create(request(await parkTour('HUGE_NP'), { numberOfPeople: 2 }))).body.data.createBooking.booking
      .id;
    // A schedule saved before fees were bounded holds the fee.
    await setAdultFee('RAISED_NP', 6000);
    await setAdultFee('HUGE_NP', HUGE_CENTS);
    const r = await gql(s, CHANGES, {}, { token: admin });
    expect(r.body.errors).toBeUndefined();
    const ids = (r.body.data.parkFeeChanges as { booking: { id: string } }[]).map((c) => c.booking.id);
    expect(ids).toContain(raisedId);
    expect(ids).not.toContain(hugeId);
  });

  it('refuses to apply it with CONFLICT saying why, and changes nothing', async () => {
    const r = await gql(s, APPLY, { id: hugeId }, { token: admin });
    expect(r.body.errors[0].extensions.code).toBe('CONFLICT');
    // 2 adults x 2 days x $20 million + 10% VAT.
    expect(r.body.errors[0].message).toBe(
      `Today's schedules give booking #${hugeId} park fees of $88,000,000.00, past $21,474,836.47, the most one booking can hold: check the fees of the schedules for its days`,
    );
    const [row] = await queryRows<{ park_fees_cents: number; deposit_cents: number }>(
      s.orm.em.fork(),
      sql`select park_fees_cents, deposit_cents from bookings where id = ${Number(hugeId)}`,
    );
    expect(row).toEqual({ park_fees_cents: 22_000, deposit_cents: 6_660 });
    // The others are applied as ever, with the parks named as the cause.
    const raised = await gql(s, APPLY, { id: raisedId }, { token: admin });
    expect(raised.body.data.applyParkFeeChange.differenceCents).toBe(4_400);
    await s.outbox.flush();
    expect(mailOfChange(raisedId)?.text).toContain('The parks have changed their fees for the days of your trip');
    // Once the fee is put right, the booking is listed with its change.
    await setAdultFee('HUGE_NP', 6000);
    const changes = (await gql(s, CHANGES, {}, { token: admin })).body.data.parkFeeChanges as {
      booking: { id: string };
    }[];
    expect(changes.find((c) => c.booking.id === hugeId)).toMatchObject({
      currentCents: 26_400,
      differenceCents: 4_400,
    });
  });
});
