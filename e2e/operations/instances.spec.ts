// Two real server processes on one PostgreSQL database and one Redis, each on its own port, as
// behind a load balancer: they start together, sell no seat twice, share the login limits and see
// each other's writes at once.
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  REDIS_URL,
  book,
  createTour,
  day,
  freshDatabase,
  gql,
  login,
  redisPrefix,
  rest,
  seatLedger,
  sharedSecrets,
  signUp,
  startServer,
  type ServerProcess,
} from './support.js';

test.describe.configure({ mode: 'serial' });

let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
let adminToken: string;

test.beforeAll(async () => {
  db = await freshDatabase();
  const env = { DATABASE_URL: db.url, REDIS_URL, REDIS_PREFIX: redisPrefix(), SEED_DEMO: 'true', ...sharedSecrets() };
  // Both start at once on the empty database: migrations, the demo catalogue and the admin happen once.
  const t0 = Date.now();
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  console.log(`two instances started together on one empty database in ${Date.now() - t0} ms`);
  adminToken = await login(a.base, ADMIN.email, ADMIN.password);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

test('two instances starting together migrate and seed once', async () => {
  const tours = await rest(b.base, 'GET', '/api/tours?limit=1000');
  const titles: string[] = tours.body.tours.map((t: { title: string }) => t.title);
  expect(titles.length).toBeGreaterThan(0);
  expect(new Set(titles).size).toBe(titles.length);
  for (const s of [a, b]) expect((await rest(s.base, 'GET', '/ready')).status).toBe(200);
});

test('concurrent bookings through both instances never oversell a departure', async () => {
  const travellers = await Promise.all([signUp(a.base), signUp(b.base), signUp(a.base), signUp(b.base)]);
  const tourId = await createTour(a.base, adminToken, { capacity: 10 });
  const rounds = 5;
  let accepted = 0;
  let refused = 0;
  for (let round = 0; round < rounds; round++) {
    const date = day(60 + round);
    // 40 requests of 1 or 2 seats for 10 seats, alternating instances and travellers.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        book(i % 2 ? b.base : a.base, travellers[i % travellers.length]!, tourId, date, 1 + (i % 3 === 0 ? 1 : 0)),
      ),
    );
    const statuses = answers.map((x) => x.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    accepted += statuses.filter((s) => s === 201).length;
    refused += statuses.filter((s) => s === 409).length;
  }
  const ledger = (await seatLedger(db.url)).filter((d) => String(d.tour_id) === tourId);
  expect(ledger).toHaveLength(rounds);
  for (const d of ledger) {
    expect(d.seats_taken).toBe(d.people);
    expect(d.seats_taken).toBeLessThanOrEqual(d.capacity);
    // Demand was four times the seats: a departure left with a free seat may only miss a two-seat party.
    expect(d.seats_taken).toBeGreaterThanOrEqual(d.capacity - 1);
  }
  console.log(
    `bookings through two instances: ${accepted} accepted, ${refused} refused over ${rounds} departures of 10 seats; seats taken ${ledger.map((d) => d.seats_taken).join(', ')}`,
  );
});

test('failed logins split across both instances lock the account and address at the same count as on one', async () => {
  const lockAt = async (targets: ServerProcess[]) => {
    const email = `locked.${Date.now().toString(36)}.${targets.length}@example.com`;
    const reg = await rest(a.base, 'POST', '/api/auth/register', {
      name: 'Baraka Lema',
      email,
      phone: '+255 714 000 222',
      password: 'kilimanjaro-5895',
    });
    expect(reg.status).toBe(201);
    for (let n = 1; n <= 30; n++) {
      const r = await rest(targets[n % targets.length]!.base, 'POST', '/api/auth/login', {
        email,
        password: 'wrong-password-1',
      });
      if (r.status === 429) {
        // Locked on both: even the right password is refused, before it is checked.
        for (const s of [a, b])
          expect((await rest(s.base, 'POST', '/api/auth/login', { email, password: 'kilimanjaro-5895' })).status).toBe(
            429,
          );
        return n;
      }
      expect(r.status).toBe(401);
    }
    return Infinity;
  };
  const one = await lockAt([a]);
  const both = await lockAt([a, b]);
  console.log(`login lock: the ${one}th attempt is refused on one instance, the ${both}th across two`);
  expect(both).toBe(one);
  expect(one).toBe(11);
});

test('a tour changed through one instance is seen changed through the other at once', async () => {
  const tourId = await createTour(a.base, adminToken, { title: 'Zanzibar Spice Farm Visit' });
  expect((await rest(b.base, 'GET', `/api/tours/${tourId}`)).body.tour.title).toBe('Zanzibar Spice Farm Visit');
  for (let i = 0; i < 5; i++) {
    const title = `Zanzibar Spice Farm Visit ${i}`;
    const r = await gql(
      b.base,
      `mutation($id: ID!, $input: TourInput!) { updateTour(id: $id, input: $input) { tour { title } } }`,
      { id: tourId, input: { ...(await tourInput(a, tourId)), title } },
      adminToken,
    );
    expect(r.body.errors).toBeUndefined();
    const [viaRest, viaGraphql] = await Promise.all([
      rest(a.base, 'GET', `/api/tours/${tourId}`),
      gql(a.base, `query($id: ID!) { tour(id: $id) { title } }`, { id: tourId }),
    ]);
    expect(viaRest.body.tour.title).toBe(title);
    expect(viaGraphql.body.data.tour.title).toBe(title);
  }
});

/** The fields of a tour as the admin form sends them back. */
async function tourInput(s: ServerProcess, id: string) {
  const r = await gql(
    s.base,
    `query($id: ID!) { tour(id: $id) { title description price capacity durationDays durationNights destination bookingType tier status } }`,
    { id },
  );
  const t = r.body.data.tour;
  return { ...t, price: String(t.price) };
}
