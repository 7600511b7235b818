import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, inDays, makeTour, ADMIN_ENV } from '../../test/booking-helpers.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

/**
 * An admin changing a tour while another deletes it: whichever runs first, each answer tells the
 * truth about what happened, and nothing fails as a server fault.
 */

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ env: ADMIN_ENV, seedDemo: false });
  admin = await adminToken(s);
});
afterAll(async () => {
  await s?.stop();
});

const DELETE = `mutation($id: ID!) { deleteTour(id: $id) { deletedTourId } }`;
const ADD = `mutation($id: ID!, $day: String!) { addDeparture(tourId: $id, startDate: $day, capacity: 4) { departure { id } } }`;
const UPDATE = `mutation($id: ID!) { updateTour(id: $id, input: { title: "Renamed in the race" }) { tour { id title } } }`;
const codeOf = (body: any): string => body.errors?.[0]?.extensions?.code ?? 'OK';

describe('a tour deleted at the same moment', () => {
  it('takes a departure before it goes, or answers NOT_FOUND: never a server fault', async () => {
    for (let round = 0; round < 6; round++) {
      const id = String(await makeTour(s));
      const [added, deleted] = await Promise.all([
        s.gql(ADD, { id, day: inDays(30) }, admin),
        s.gql(DELETE, { id }, admin),
      ]);
      expect(codeOf(deleted.body), `round ${round}`).toBe('OK');
      expect(['OK', 'NOT_FOUND'], `round ${round}: ${JSON.stringify(added.body)}`).toContain(codeOf(added.body));
    }
  });

  it('is updated before it goes, or the update answers NOT_FOUND: an update never claims a tour already gone', async () => {
    for (let round = 0; round < 6; round++) {
      const id = String(await makeTour(s));
      const [updated, deleted] = await Promise.all([s.gql(UPDATE, { id }, admin), s.gql(DELETE, { id }, admin)]);
      expect(codeOf(deleted.body), `round ${round}`).toBe('OK');
      const code = codeOf(updated.body);
      expect(['OK', 'NOT_FOUND'], `round ${round}: ${JSON.stringify(updated.body)}`).toContain(code);
      // The deletion records the tour as it was last: renamed, when the update came first.
      const [record] = await s.orm.em
        .fork()
        .getConnection()
        .execute<{ title: string }[]>('select title from tour_deletions where tour_id = ?', [Number(id)]);
      if (code === 'OK') expect(record?.title, `round ${round}`).toBe('Renamed in the race');
      else expect(record?.title, `round ${round}`).not.toBe('Renamed in the race');
    }
  });
});
