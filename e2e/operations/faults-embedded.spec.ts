// The embedded database (no DATABASE_URL, DATA_DIR on disk) survives kill -9 of the server during
// writes: every booking and sign-up answered with a success before the kill is there after a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  book,
  createTour,
  day,
  gql,
  login,
  rest,
  sharedSecrets,
  signUp,
  sleep,
  startServer,
  type ServerProcess,
} from './support.js';

const DEPARTURES = `query($tourId: ID!) { departures(tourId: $tourId) { startDate seatsTaken } }`;

test('kill -9 during writes to the embedded database loses no acknowledged write', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-ops-embedded-'));
  const env = { ...sharedSecrets(), SEED_DEMO: 'false' };
  let server: ServerProcess | undefined;
  try {
    server = await startServer(env, { dataDir });
    const base = server.base;
    const admin = await login(base, ADMIN.email, ADMIN.password);
    const traveller = await signUp(base);
    const tourId = await createTour(base, admin, { capacity: 1000 });
    const booked = new Map<string, number>();
    const signedUp: { email: string; password: string }[] = [];
    let stop = false;
    let sent = 0;
    const booker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        sent++;
        const people = 1 + ((i + w) % 3);
        const r = await book(base, traveller, tourId, day(40 + ((i * 2 + w) % 8)), people);
        if (r.status === 201) booked.set(String(r.body.bookingId), people);
      }
    };
    const signer = async () => {
      for (let i = 0; !stop && i < 20; i++) {
        const u = {
          name: 'Zawadi Juma',
          email: `embedded.${Date.now().toString(36)}.${i}@example.com`,
          phone: '+255 715 000 333',
          password: 'kilimanjaro-5895',
        };
        sent++;
        if ((await rest(base, 'POST', '/api/auth/register', u)).status === 201) signedUp.push(u);
      }
    };
    const writers = Promise.all([booker(0), booker(1), booker(2), signer()]);
    while (booked.size < 40) await sleep(10);
    const ackedBookings = new Map(booked);
    const ackedSignUps = [...signedUp];
    await server.kill9();
    stop = true;
    await writers;

    const t0 = Date.now();
    server = await startServer(env, { dataDir });
    const restartMs = Date.now() - t0;
    const mine = await rest(server.base, 'GET', '/api/bookings/my', undefined, traveller);
    expect(mine.status).toBe(200);
    const stored = new Map<string, { people: number; date: string }>(
      mine.body.bookings.map((b: { id: string; numberOfPeople: number; startDate: string }) => [
        String(b.id),
        { people: b.numberOfPeople, date: String(b.startDate).slice(0, 10) },
      ]),
    );
    for (const [id, people] of ackedBookings) expect(stored.get(id)?.people).toBe(people);
    for (const u of ackedSignUps) await login(server.base, u.email, u.password);
    // Seats taken match the stored bookings, none counted twice or lost.
    const deps = await gql(server.base, DEPARTURES, { tourId });
    for (const d of deps.body.data.departures as { startDate: string; seatsTaken: number }[]) {
      const people = [...stored.values()]
        .filter((b) => b.date === d.startDate.slice(0, 10))
        .reduce((n, b) => n + b.people, 0);
      expect(d.seatsTaken).toBe(people);
    }
    console.log(
      `embedded database, kill -9 during writes: ${sent} writes sent, ${ackedBookings.size} bookings and ${ackedSignUps.length} sign-ups acknowledged before the kill, all present after a restart of ${restartMs} ms (${stored.size} bookings stored)`,
    );
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
