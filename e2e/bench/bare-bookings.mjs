// The bookings baseline: a bare node:http + pg server that books as the app does, statement for
// statement (the session check, then in one transaction the tour and account read, the departure,
// the booking, the three queued mails, the seats with whether a partner listens, and the partners'
// seat event only if one does; after the commit the outbox's claim and delete), with the app's own
// token check and price rules, and no framework, ORM or mail delivery in between. What it reaches
// is the most this machine allows the app.
// Usage: node bare-bookings.mjs <port> <database url> <JWT secret>   (prints "ready" when listening)
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { SERVER_DIST } from './data.mjs';

const { verifyAccessToken, bearerToken } = await import(path.join(SERVER_DIST, 'modules/auth/access-token.js'));
const { quoteInCents, travellerToday } = await import(path.join(SERVER_DIST, '../../schema/dist/index.js'));

const [port, url, secret] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });

const SESSION = `select u.id, u.name, u.email, u.phone, u.role, u.profile_image, u.last_login_at, u.created_at, u.updated_at
  from users u where u.id = $1 and exists (select 1 from refresh_tokens t where t.family_id = $2 and t.user_id = u.id
  and t.revoked_at is null and t.expires_at > now())`;
const TOUR_AND_ACCOUNT = `select t.id, t.title, t.status, t.capacity, t.duration_days, t.duration_nights, t.tier, t.booking_type,
  t.price, t.price_text, t.itinerary, u.id user_id, u.name user_name, u.email user_email from tours t
  left join users u on u.id = $1 where t.id = $2 for share of t`;
const DEPARTURE = `with created as (insert into departures (tour_id, start_date, capacity) values ($1, $2, $3)
  on conflict (tour_id, start_date) do nothing returning id)
  select id from created union all select id from departures where tour_id = $1 and start_date = $2 limit 1`;
const BOOKING = `insert into bookings (user_id, tour_id, tour_title, departure_id, start_date, end_date, number_of_people,
  name, email, phone, notes, status, booking_type, tier, unit_price_cents, subtotal_cents, early_bird,
  early_bird_discount_cents, total_cents, deposit_cents, balance_cents, balance_due_date, currency, created_at, updated_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Pending', 'group', $12, $13, $14, $15, $16, $17, $18, $19, $20,
  'USD', now(), now()) returning id, payment_reference`;
const MAILS = `insert into mail_outbox (template, data, "to", reply_to) values
  ('booking-received', $1, $2, null), ('booking-received', $3, $4, null), ('operator-new-booking', $5, $6, $2) returning id`;
const LIVE_SEAT_SUBSCRIPTIONS = `webhook_subscriptions s join partner_keys k on k.id = s.partner_key_id
  where s.disabled_at is null and k.revoked_at is null and 'SEATS_CHANGED' = any(s.events)`;
const SEATS = `update departures set seats_taken = seats_taken + $1, updated_at = now()
  where id = $2 and not closed and seats_taken + $1 <= capacity returning id, tour_id, start_date, capacity, seats_taken, closed,
  exists (select 1 from ${LIVE_SEAT_SUBSCRIPTIONS}) partners_listen`;
const SEAT_EVENT = `insert into webhook_deliveries (subscription_id, event, payload) select s.id, 'SEATS_CHANGED', $1::jsonb
  from ${LIVE_SEAT_SUBSCRIPTIONS} returning id`;
const CLAIM = `update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => 120)
  where id in (select id from mail_outbox where failed_at is null and next_attempt_at <= now()
  order by next_attempt_at, id limit 20 for update skip locked) returning id, template, data, "to", reply_to, attempts`;

const addDays = (day, n) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);

async function book(userId, tourId, input) {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const [row] = (await db.query(TOUR_AND_ACCOUNT, [userId, tourId])).rows;
    if (!row) throw Object.assign(new Error('Tour not found'), { status: 404 });
    const data = {
      ...input,
      bookingType: 'group',
      tier: row.tier,
      endDate: addDays(input.startDate, row.duration_nights ?? 0),
    };
    const q = quoteInCents(
      { price: row.price == null ? null : Number(row.price), priceText: row.price_text },
      data,
      travellerToday(),
    );
    // As the app does: when another booking created the departure meanwhile, this statement's
    // snapshot cannot see it, and a second read does.
    const dep =
      (await db.query(DEPARTURE, [tourId, data.startDate, row.capacity])).rows[0] ??
      (await db.query('select id from departures where tour_id = $1 and start_date = $2', [tourId, data.startDate]))
        .rows[0];
    const [b] = (
      await db.query(BOOKING, [
        userId,
        tourId,
        row.title,
        dep.id,
        data.startDate,
        data.endDate,
        data.numberOfPeople,
        data.name,
        data.email,
        data.phone,
        data.notes ?? null,
        data.tier,
        q?.unitPriceCents,
        q?.subtotalCents,
        q?.earlyBird ?? false,
        q?.earlyBirdDiscountCents,
        q?.totalCents,
        q?.depositCents,
        q?.balanceCents,
        q?.balanceDueDate,
      ])
    ).rows;
    const booking = {
      id: b.id,
      paymentReference: b.payment_reference,
      tourTitle: row.title,
      ...data,
      ...q,
      status: 'Pending',
    };
    const publicUrl = 'http://localhost:0';
    await db.query(MAILS, [
      JSON.stringify({ booking, publicUrl, note: { bookedWith: row.user_email } }),
      data.email,
      JSON.stringify({ booking, publicUrl, note: { copyTo: data.email } }),
      row.user_email,
      JSON.stringify({ booking, phone: data.phone, notes: null, accountEmail: row.user_email }),
      'Tembea Tours <hello@tembea.example>',
    ]);
    const [seats] = (await db.query(SEATS, [data.numberOfPeople, dep.id])).rows;
    if (!seats) throw Object.assign(new Error('Not enough seats left on this date'), { status: 409 });
    if (seats.partners_listen)
      await db.query(SEAT_EVENT, [
        JSON.stringify({
          event: 'SEATS_CHANGED',
          departureId: String(seats.id),
          tourId: String(tourId),
          startDate: data.startDate,
          seatsLeft: seats.capacity - seats.seats_taken,
          closed: seats.closed,
          occurredAt: new Date().toISOString(),
        }),
      ]);
    await db.query('COMMIT');
    return booking;
  } catch (e) {
    await db.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    db.release();
  }
}

// The outbox sender's statements: a kick during a drain makes it go round once more, as the app's does.
let draining = null;
let again = false;
function kickOutbox() {
  if (draining) return void (again = true);
  draining = (async () => {
    do {
      again = false;
      const claimed = (await pool.query(CLAIM)).rows;
      if (claimed.length)
        await pool.query('delete from mail_outbox where id = any($1::bigint[])', [claimed.map((r) => r.id)]);
    } while (again);
  })().finally(() => (draining = null));
}

const answer = (res, status, body) => {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
};

http
  .createServer(async (req, res) => {
    const m = /^\/api\/bookings\/(\d+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) return answer(res, 404, { error: 'Not found' });
    try {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const claims = verifyAccessToken(bearerToken(req.headers.authorization) ?? '', secret);
      const user = (await pool.query(SESSION, [claims.userId, claims.sessionId])).rows[0];
      if (!user) return answer(res, 401, { error: 'Invalid token. Please login again.' });
      const booking = await book(user.id, Number(m[1]), input);
      kickOutbox();
      answer(res, 201, { booking });
    } catch (e) {
      answer(res, e.status ?? 500, { error: String(e.message) });
    }
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
