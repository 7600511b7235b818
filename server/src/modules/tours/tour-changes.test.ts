import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../common/sql.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, makeTour } from '../../test/booking-helpers.js';

const CHANGES = `query($since: DateTimeISO!, $first: Int, $after: String) {
  tourChanges(since: $since, first: $first, after: $after) {
    edges { cursor node { tourId change changedAt title tour { id title status } } }
    pageInfo { hasNextPage endCursor }
  } }`;
const UPDATED_TOURS = `query UpdatedTours($updatedSince: DateTimeISO) { tours(updatedSince: $updatedSince, first: 100) { totalCount nodes { id title status } } }`;
const UPDATE = `mutation($id: ID!, $input: TourInput!) { updateTour(id: $id, input: $input) { tour { id title status } } }`;
const DELETE = `mutation($id: ID!) { deleteTour(id: $id) { deletedTourId } }`;
const AVAILABILITY = `query($tourId: ID, $from: String!, $to: String!) { availability(tourId: $tourId, from: $from, to: $to) { edges { node { status } } } }`;

const INPUT = {
  title: 'Serengeti Migration',
  description: 'The herds cross the Mara.',
  destination: 'serengeti',
  country: 'Tanzania',
  durationDays: 5,
  durationNights: 4,
  price: '2100',
  capacity: 8,
  status: 'active',
  tier: 'Mid-range',
  bookingType: 'group',
};

/** Long before `SINCE`: every tour and deletion written before a test reads as old. */
const OLD = '2020-01-01T00:00:00Z';
const SINCE = '2021-01-01T00:00:00.000Z';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
});
afterAll(() => s?.stop());

/** Makes everything written so far older than SINCE (as the services would, the catalogue moves on). */
async function ageEverything(): Promise<void> {
  const em = s.orm.em.fork();
  await queryRows(em, sql`update tours set updated_at = ${OLD}::timestamptz`);
  await queryRows(em, sql`update tour_deletions set deleted_at = ${OLD}::timestamptz`);
  await s.catalogue.changed();
}

type Change = {
  tourId: string;
  change: string;
  changedAt: string;
  title: string;
  tour: { id: string; title: string; status: string } | null;
};

async function allChanges(first = 50): Promise<Change[]> {
  const out: Change[] = [];
  let after: string | null = null;
  for (;;) {
    const r = await gql(s, CHANGES, { since: SINCE, first, after });
    expect(r.body.errors).toBeUndefined();
    const c = r.body.data.tourChanges;
    out.push(...c.edges.map((e: { node: Change }) => e.node));
    if (!c.pageInfo.hasNextPage) return out;
    after = c.pageInfo.endCursor;
  }
}

describe('tourChanges', () => {
  it('reports an edited tour as UPDATED with the tour, a deleted one as DELETED with its title, in order of change', async () => {
    const [edited, deleted, untouched] = [
      await makeTour(s, { title: 'Crater Rim' }),
      await makeTour(s, { title: 'Lake Natron Flamingos' }),
      await makeTour(s),
    ];
    await ageEverything();
    expect(await allChanges()).toEqual([]);

    expect((await gql(s, UPDATE, { id: String(edited), input: INPUT }, { token: admin })).body.errors).toBeUndefined();
    expect((await gql(s, DELETE, { id: String(deleted) }, { token: admin })).body.data.deleteTour).toEqual({
      deletedTourId: String(deleted),
    });

    const changes = await allChanges();
    expect(changes.map((c) => [c.tourId, c.change, c.title])).toEqual([
      [String(edited), 'UPDATED', 'Serengeti Migration'],
      [String(deleted), 'DELETED', 'Lake Natron Flamingos'],
    ]);
    expect(changes[0]!.tour).toEqual({ id: String(edited), title: 'Serengeti Migration', status: 'active' });
    expect(changes[1]!.tour).toBeNull();
    expect(new Date(changes[0]!.changedAt) <= new Date(changes[1]!.changedAt)).toBe(true);
    expect(changes.some((c) => c.tourId === String(untouched))).toBe(false);
  });

  it('reports a tour made inactive as UPDATED (the public catalogue still lists it), its departures CLOSED', async () => {
    const tourId = await makeTour(s, { title: 'Usambara Villages' });
    const day = '2027-08-01';
    await queryRows(
      s.orm.em.fork(),
      sql`insert into departures (tour_id, start_date, capacity) values (${tourId}, ${day}, 8)`,
    );
    await ageEverything();
    expect(
      (
        await gql(
          s,
          UPDATE,
          { id: String(tourId), input: { ...INPUT, title: 'Usambara Villages', status: 'inactive' } },
          { token: admin },
        )
      ).body.errors,
    ).toBeUndefined();
    const changes = await allChanges();
    expect(changes.map((c) => [c.tourId, c.change, c.tour?.status])).toEqual([[String(tourId), 'UPDATED', 'inactive']]);
    expect(
      (await gql(s, UPDATED_TOURS, { updatedSince: SINCE })).body.data.tours.nodes.map((t: { id: string }) => t.id),
    ).toEqual([String(tourId)]);
    const a = await gql(s, AVAILABILITY, { tourId: String(tourId), from: day, to: day });
    expect(a.body.data.availability.edges.map((e: { node: { status: string } }) => e.node.status)).toEqual(['CLOSED']);
  });

  it('pages one change at a time without losing or repeating any, and refuses bad arguments with codes', async () => {
    const ids = [await makeTour(s), await makeTour(s), await makeTour(s)];
    await ageEverything();
    for (const id of ids) await gql(s, UPDATE, { id: String(id), input: INPUT }, { token: admin });
    await gql(s, DELETE, { id: String(ids[1]) }, { token: admin });
    const one = await allChanges(1);
    expect(one.map((c) => c.tourId).sort()).toEqual(ids.map(String).sort());
    expect(one.find((c) => c.tourId === String(ids[1]))!.change).toBe('DELETED');
    expect(one).toEqual(await allChanges(200));

    for (const vars of [
      { since: 'last tuesday' },
      { since: SINCE, first: 0 },
      { since: SINCE, first: 201 },
      { since: SINCE, after: 'bogus' },
    ]) {
      const r = await gql(s, CHANGES, vars);
      expect(r.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
  });
});

describe('tours(updatedSince)', () => {
  it('lists only tours changed since, and a cached anonymous answer never hides a later edit', async () => {
    const [a, b] = [
      await makeTour(s, { title: 'Mafia Island Whale Sharks' }),
      await makeTour(s, { title: 'Pemba Spice Farms' }),
    ];
    await ageEverything();
    const ask = () => gql(s, UPDATED_TOURS, { updatedSince: SINCE });
    expect((await ask()).body.data.tours.totalCount).toBe(0);
    const cached = await ask();
    expect(cached.headers.get('x-catalogue-cache')).toBe('hit');
    expect(cached.body.data.tours.nodes).toEqual([]);

    await gql(s, UPDATE, { id: String(a), input: { ...INPUT, title: 'Mafia Island Whale Sharks' } }, { token: admin });
    const after = await ask();
    expect(after.body.data.tours.nodes.map((t: { id: string }) => t.id)).toEqual([String(a)]);
    expect(after.body.data.tours.totalCount).toBe(1);
    expect(after.body.data.tours.nodes.some((t: { id: string }) => t.id === String(b))).toBe(false);

    const bad = await gql(s, UPDATED_TOURS, { updatedSince: 'soon' });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
