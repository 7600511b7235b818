import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyWebhook } from '@tembea/schema';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, CANCEL, adminToken, book, makeTour, request } from '../../test/booking-helpers.js';
import { REVOKE_KEY, createKey, keyGql } from '../../test/partner-helpers.js';
import { startReceiver, type Received, type Receiver } from '../../test/webhook-receiver.js';
import { queryRows, sql } from '../../common/sql.js';
import { captureStatements } from '../../test/statements.js';
import { webhookService } from './webhook.service.js';

const REGISTER = `mutation($input: RegisterWebhookInput!) { registerWebhook(input: $input) { secret webhook { id partnerName url events createdAt disabledAt } } }`;
const MINE = `{ webhooks { id url events } }`;
const DELETE = `mutation($id: ID!) { deleteWebhook(id: $id) { deletedWebhookId } }`;
const DELIVERIES = `query($status: WebhookDeliveryStatus, $first: Int, $after: String) { webhookDeliveries(status: $status, first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor }
  nodes { id webhookId url partnerName event status attempts lastStatusCode lastError createdAt nextAttemptAt deliveredAt } } }`;
const ALL = `{ allWebhooks { id partnerName url events disabledAt } }`;
const UPDATE_TOUR = `mutation($id: ID!, $input: TourInput!) { updateTour(id: $id, input: $input) { tour { id } } }`;
const CREATE_TOUR = `mutation($input: TourInput!) { createTour(input: $input) { tour { id } } }`;
const DELETE_TOUR = `mutation($id: ID!) { deleteTour(id: $id) { deletedTourId } }`;
const UPDATE_DEPARTURE = `mutation($id: ID!, $closed: Boolean) { updateDeparture(id: $id, closed: $closed) { departure { id closed } } }`;

const TOUR = {
  title: 'Tarangire Elephant Trail',
  description: 'Baobabs and herds.',
  destination: 'tarangire',
  country: 'Tanzania',
  durationDays: 1,
  durationNights: 0,
  duration: '1 day',
  price: '180',
  capacity: 8,
  status: 'active',
  tier: 'Budget',
  bookingType: 'group',
};
// Retries after 60 s and 120 s, then given up: three attempts in all.
const RETRIES = '60,120';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  // The receivers listen on this machine: a test opts in to internal targets, as a partner testing locally would.
  s = await startTestServer({
    seedDemo: false,
    env: { ...ADMIN_ENV, WEBHOOK_RETRY_SECONDS: RETRIES, WEBHOOK_ALLOW_INTERNAL_TARGETS: 'true' },
  });
  admin = await adminToken(s);
});
afterAll(() => s?.stop());

/** A partner key with a webhook to a local receiver; `done` deletes the webhook and stops the receiver. */
async function subscribe(port: number, events: string[], partnerName = 'Safari Link Agency') {
  const { secret: apiKey } = await createKey(s, admin, { partnerName });
  const receiver = await startReceiver(port);
  const r = await keyGql(s, apiKey, REGISTER, { input: { url: receiver.url, events } });
  expect(r.body.errors).toBeUndefined();
  const { secret, webhook } = r.body.data.registerWebhook as { secret: string; webhook: { id: string } };
  return {
    apiKey,
    receiver,
    secret,
    webhook,
    async done() {
      await keyGql(s, apiKey, DELETE, { id: webhook.id });
      await receiver.close();
    },
  };
}

function bodies(receiver: Receiver): Record<string, unknown>[] {
  return receiver.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
}

function verify(r: Received, secret: string, body = r.body) {
  return verifyWebhook({
    secret,
    body,
    timestamp: r.headers['tembea-webhook-timestamp'] as string,
    signature: r.headers['tembea-signature'] as string,
  });
}

async function deliveriesOf(webhookId: string) {
  return queryRows<{
    id: string;
    status: string;
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
    retry_in: number;
  }>(
    s.orm.em.fork(),
    sql`
    select id::text, status, attempts, last_status_code, last_error, round(extract(epoch from next_attempt_at - now()))::int retry_in
      from webhook_deliveries where subscription_id = ${Number(webhookId)} order by id`,
  );
}

async function makeDue(webhookId: string) {
  await queryRows(
    s.orm.em.fork(),
    sql`update webhook_deliveries set next_attempt_at = now() where subscription_id = ${Number(webhookId)}`,
  );
}

describe('webhook deliveries', () => {
  it('tells a partner of a tour created, updated and deleted, each delivery signed with its secret', async () => {
    const hook = await subscribe(4632, ['TOUR_CHANGED']);
    try {
      expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(hook.webhook).toMatchObject({
        partnerName: 'Safari Link Agency',
        url: 'http://127.0.0.1:4632/hooks',
        events: ['TOUR_CHANGED'],
        disabledAt: null,
      });
      const id = (await gql(s, CREATE_TOUR, { input: TOUR }, { token: admin })).body.data.createTour.tour.id as string;
      const edit = { id, input: { ...TOUR, title: 'Tarangire Giants' } };
      expect((await gql(s, UPDATE_TOUR, edit, { token: admin })).body.errors).toBeUndefined();
      // Saving it again unchanged changes nothing a partner could read: no delivery.
      expect((await gql(s, UPDATE_TOUR, edit, { token: admin })).body.errors).toBeUndefined();
      expect((await gql(s, DELETE_TOUR, { id }, { token: admin })).body.data.deleteTour).toEqual({ deletedTourId: id });
      await s.webhooks.flush();

      const got = bodies(hook.receiver).sort((a, b) => String(a.occurredAt).localeCompare(String(b.occurredAt)));
      expect(got.map((b) => [b.event, b.tourId, b.change])).toEqual([
        ['TOUR_CHANGED', id, 'UPDATED'],
        ['TOUR_CHANGED', id, 'UPDATED'],
        ['TOUR_CHANGED', id, 'DELETED'],
      ]);
      for (const r of hook.receiver.received) {
        expect(r.headers['content-type']).toBe('application/json');
        expect(r.headers['tembea-webhook-id']).toMatch(/^\d+$/);
        expect(r.headers['tembea-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
        expect(await verify(r, hook.secret)).toEqual({ ok: true });
        expect(await verify(r, 'whsec_someone_else')).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
        expect(await verify(r, hook.secret, r.body.replace('"tourId":"', '"tourId":"9'))).toEqual({
          ok: false,
          reason: 'BAD_SIGNATURE',
        });
      }

      const list = await gql(s, DELIVERIES, { status: 'DELIVERED' }, { token: admin });
      const mine = list.body.data.webhookDeliveries.nodes.filter(
        (n: { webhookId: string }) => n.webhookId === hook.webhook.id,
      );
      expect(mine).toHaveLength(3);
      expect(mine[0]).toMatchObject({
        url: hook.receiver.url,
        partnerName: 'Safari Link Agency',
        event: 'TOUR_CHANGED',
        status: 'DELIVERED',
        attempts: 1,
        lastStatusCode: 200,
        lastError: null,
        nextAttemptAt: null,
      });
      expect(mine[0].deliveredAt).toBeTruthy();
      // Sent once: nothing is due any more.
      await s.webhooks.flush();
      expect(hook.receiver.received).toHaveLength(3);
    } finally {
      await hook.done();
    }
  });

  it("tells a partner of a departure's seats taken by a booking, given back by a cancellation, and of its closing", async () => {
    const hook = await subscribe(4633, ['SEATS_CHANGED']);
    try {
      const tourId = await makeTour(s, { capacity: 10 });
      const user = await signUpAndLogin(s);
      const booking = (await book(s, user.accessToken, request(tourId, { numberOfPeople: 3 }))).body.data.createBooking
        .booking;
      await s.webhooks.flush();
      const [taken] = bodies(hook.receiver);
      expect(taken).toMatchObject({
        event: 'SEATS_CHANGED',
        tourId: String(tourId),
        startDate: booking.startDate,
        seatsLeft: 7,
        closed: false,
      });
      expect(await verify(hook.receiver.received[0]!, hook.secret)).toEqual({ ok: true });

      expect((await gql(s, CANCEL, { id: booking.id }, { token: admin })).body.data.cancelBooking.booking.status).toBe(
        'Cancelled',
      );
      await s.webhooks.flush();
      expect(bodies(hook.receiver)[1]).toMatchObject({ departureId: taken!.departureId, seatsLeft: 10, closed: false });

      const closed = await gql(s, UPDATE_DEPARTURE, { id: taken!.departureId, closed: true }, { token: admin });
      expect(closed.body.data.updateDeparture.departure.closed).toBe(true);
      // Saving the same flag again changes nothing partners see.
      await gql(s, UPDATE_DEPARTURE, { id: taken!.departureId, closed: true }, { token: admin });
      await s.webhooks.flush();
      expect(bodies(hook.receiver).slice(2)).toEqual([
        expect.objectContaining({ departureId: taken!.departureId, seatsLeft: 0, closed: true }),
      ]);
    } finally {
      await hook.done();
    }
  });

  it('queues and wakes the sender after a booking only when a partner listens for its event', async () => {
    const tourId = await makeTour(s, { capacity: 10 });
    const user = await signUpAndLogin(s);
    // Stopped, the sender sends nothing of itself: the kicks of what commits are counted, flush() sends.
    await s.webhooks.stop();
    const kicks = vi.spyOn(s.webhooks, 'kick');
    // With nobody listening, the booking does not even try to queue the event.
    const queueing = captureStatements(/insert into webhook_deliveries/);
    try {
      expect((await book(s, user.accessToken, request(tourId))).body.errors).toBeUndefined();
      expect(kicks).not.toHaveBeenCalled();
      expect(queueing.seen).toHaveLength(0);
      const hook = await subscribe(4639, ['SEATS_CHANGED']);
      try {
        expect((await book(s, user.accessToken, request(tourId))).body.errors).toBeUndefined();
        expect(kicks).toHaveBeenCalledTimes(1);
        expect(queueing.seen).toHaveLength(1);
        await s.webhooks.flush();
        expect(bodies(hook.receiver)).toEqual([expect.objectContaining({ event: 'SEATS_CHANGED', seatsLeft: 8 })]);
      } finally {
        await hook.done();
      }
    } finally {
      queueing.stop();
      kicks.mockRestore();
      s.webhooks.start();
    }
  });

  it('retries a receiver answering 500 after each delay of the schedule, then gives up', async () => {
    const hook = await subscribe(4634, ['TOUR_CHANGED']);
    try {
      hook.receiver.answer(500);
      const tourId = await makeTour(s);
      await gql(s, UPDATE_TOUR, { id: String(tourId), input: TOUR }, { token: admin });
      await s.webhooks.flush();
      let [d] = await deliveriesOf(hook.webhook.id);
      expect(d).toMatchObject({
        status: 'FAILED',
        attempts: 1,
        last_status_code: 500,
        last_error: 'Answered HTTP 500',
      });
      expect(d!.retry_in).toBeGreaterThan(50);
      expect(d!.retry_in).toBeLessThanOrEqual(60);
      const failed = (await gql(s, DELIVERIES, { status: 'FAILED' }, { token: admin })).body.data.webhookDeliveries
        .nodes;
      expect(failed.find((n: { id: string }) => n.id === d!.id)).toMatchObject({
        status: 'FAILED',
        attempts: 1,
        lastStatusCode: 500,
      });

      // Not due yet: nothing is sent.
      await s.webhooks.flush();
      expect(hook.receiver.received).toHaveLength(1);

      await makeDue(hook.webhook.id);
      await s.webhooks.flush();
      [d] = await deliveriesOf(hook.webhook.id);
      expect(d).toMatchObject({ status: 'FAILED', attempts: 2 });
      expect(d!.retry_in).toBeGreaterThan(110);
      expect(d!.retry_in).toBeLessThanOrEqual(120);

      await makeDue(hook.webhook.id);
      await s.webhooks.flush();
      [d] = await deliveriesOf(hook.webhook.id);
      expect(d).toMatchObject({ status: 'GIVEN_UP', attempts: 3, last_status_code: 500 });
      await makeDue(hook.webhook.id);
      await s.webhooks.flush();
      expect(hook.receiver.received).toHaveLength(3);
      // Every attempt carries the same delivery id, so a receiver can recognise a repeat.
      expect(new Set(hook.receiver.received.map((r) => r.headers['tembea-webhook-id']))).toEqual(new Set([d!.id]));
    } finally {
      await hook.done();
    }
  });

  it('never sends a delivery queued in a transaction that rolled back', async () => {
    const hook = await subscribe(4635, ['TOUR_CHANGED']);
    try {
      const tourId = await makeTour(s);
      await expect(
        s.orm.em.fork().transactional(async (em) => {
          await webhookService.tourChanged(em, tourId, 'UPDATED');
          throw new Error('the change failed after queueing its event');
        }),
      ).rejects.toThrow('the change failed');
      await s.webhooks.flush();
      expect(await deliveriesOf(hook.webhook.id)).toEqual([]);
      expect(hook.receiver.received).toEqual([]);

      await s.orm.em.fork().transactional((em) => webhookService.tourChanged(em, tourId, 'UPDATED'));
      await s.webhooks.flush();
      expect(bodies(hook.receiver)).toEqual([expect.objectContaining({ tourId: String(tourId), change: 'UPDATED' })]);
    } finally {
      await hook.done();
    }
  });

  it('stops delivering to a deleted webhook, its retries included', async () => {
    const hook = await subscribe(4636, ['TOUR_CHANGED', 'SEATS_CHANGED']);
    try {
      hook.receiver.answer(503);
      const tourId = await makeTour(s);
      await gql(s, UPDATE_TOUR, { id: String(tourId), input: TOUR }, { token: admin });
      await s.webhooks.flush();
      expect(hook.receiver.received).toHaveLength(1);

      const other = await createKey(s, admin, { partnerName: 'Another Agency' });
      expect((await keyGql(s, other.secret, DELETE, { id: hook.webhook.id })).body.errors[0].extensions.code).toBe(
        'NOT_FOUND',
      );
      expect((await keyGql(s, hook.apiKey, DELETE, { id: hook.webhook.id })).body.data.deleteWebhook).toEqual({
        deletedWebhookId: hook.webhook.id,
      });
      expect((await keyGql(s, hook.apiKey, MINE)).body.data.webhooks).toEqual([]);
      expect((await keyGql(s, hook.apiKey, DELETE, { id: hook.webhook.id })).body.errors[0].extensions.code).toBe(
        'NOT_FOUND',
      );

      hook.receiver.answer(200);
      await gql(s, UPDATE_TOUR, { id: String(tourId), input: TOUR }, { token: admin });
      await makeDue(hook.webhook.id);
      await s.webhooks.flush();
      expect(hook.receiver.received).toHaveLength(1);
      expect(await deliveriesOf(hook.webhook.id)).toEqual([
        expect.objectContaining({ status: 'GIVEN_UP', attempts: 1, last_error: 'Webhook deleted' }),
      ]);
      const all = (await gql(s, ALL, {}, { token: admin })).body.data.allWebhooks;
      expect(all.find((w: { id: string }) => w.id === hook.webhook.id).disabledAt).toBeTruthy();
    } finally {
      await hook.receiver.close();
    }
  });

  it("gives up a revoked key's deliveries unsent and queues none after", async () => {
    const hook = await subscribe(4637, ['TOUR_CHANGED']);
    try {
      hook.receiver.answer(500);
      const tourId = await makeTour(s);
      await gql(s, UPDATE_TOUR, { id: String(tourId), input: TOUR }, { token: admin });
      await s.webhooks.flush();
      const keyId = (
        await queryRows<{ partner_key_id: number }>(
          s.orm.em.fork(),
          sql`select partner_key_id from webhook_subscriptions where id = ${Number(hook.webhook.id)}`,
        )
      )[0]!.partner_key_id;
      expect((await gql(s, REVOKE_KEY, { id: String(keyId) }, { token: admin })).body.errors).toBeUndefined();

      hook.receiver.answer(200);
      await gql(s, UPDATE_TOUR, { id: String(tourId), input: TOUR }, { token: admin });
      await makeDue(hook.webhook.id);
      await s.webhooks.flush();
      expect(hook.receiver.received).toHaveLength(1);
      expect(await deliveriesOf(hook.webhook.id)).toEqual([
        expect.objectContaining({ status: 'GIVEN_UP', last_error: 'Webhook deleted or its API key revoked' }),
      ]);
      // Admins see it as disabled, as a deleted webhook is.
      const all = (await gql(s, ALL, {}, { token: admin })).body.data.allWebhooks;
      expect(all.find((w: { id: string }) => w.id === hook.webhook.id).disabledAt).toBeTruthy();
    } finally {
      await hook.receiver.close();
    }
  });
});

describe('webhook registration', () => {
  it('refuses an http URL other than localhost, a malformed URL and no events, with BAD_USER_INPUT', async () => {
    const { secret: apiKey } = await createKey(s, admin);
    const refused = async (input: Record<string, unknown>) =>
      (await keyGql(s, apiKey, REGISTER, { input })).body.errors[0];
    expect(await refused({ url: 'http://agency.example/hooks', events: ['TOUR_CHANGED'] })).toMatchObject({
      message: 'The URL must use https (http is accepted only for localhost)',
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'url' }] },
    });
    expect(await refused({ url: 'agency.example', events: ['TOUR_CHANGED'] })).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await refused({ url: 'https://agency.example/hooks', events: [] })).toMatchObject({
      message: 'Choose at least one event: TOUR_CHANGED, SEATS_CHANGED',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await refused({ url: 'https://agency.example/hooks', events: ['BOOKED'] })).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const ok = await keyGql(s, apiKey, REGISTER, {
      input: { url: 'https://agency.example/hooks', events: ['SEATS_CHANGED'] },
    });
    expect(ok.body.data.registerWebhook.webhook).toMatchObject({
      url: 'https://agency.example/hooks',
      events: ['SEATS_CHANGED'],
    });
    expect((await keyGql(s, apiKey, MINE)).body.data.webhooks).toEqual([
      { id: ok.body.data.registerWebhook.webhook.id, url: 'https://agency.example/hooks', events: ['SEATS_CHANGED'] },
    ]);
    await keyGql(s, apiKey, DELETE, { id: ok.body.data.registerWebhook.webhook.id });
  });

  it('lets one key hold at most 10 live webhooks; a deleted one frees its place', async () => {
    const { secret: apiKey } = await createKey(s, admin);
    const input = { url: 'https://agency.example/hooks', events: ['TOUR_CHANGED'] };
    const ids: string[] = [];
    for (let i = 0; i < 10; i++)
      ids.push((await keyGql(s, apiKey, REGISTER, { input })).body.data.registerWebhook.webhook.id);
    expect((await keyGql(s, apiKey, REGISTER, { input })).body.errors[0]).toMatchObject({
      message: 'An API key holds at most 10 webhooks: delete one first',
      extensions: { code: 'CONFLICT' },
    });
    await keyGql(s, apiKey, DELETE, { id: ids[0] });
    expect((await keyGql(s, apiKey, REGISTER, { input })).body.errors).toBeUndefined();
    for (const w of (await keyGql(s, apiKey, MINE)).body.data.webhooks) await keyGql(s, apiKey, DELETE, { id: w.id });
  });

  it('is for partner API keys only; the delivery list is for admins only', async () => {
    const user = await signUpAndLogin(s);
    const input = { url: 'https://agency.example/hooks', events: ['TOUR_CHANGED'] };
    expect((await gql(s, REGISTER, { input })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(s, REGISTER, { input }, { token: user.accessToken })).body.errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    expect((await gql(s, MINE, {}, { token: admin })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    const { secret: apiKey } = await createKey(s, admin);
    expect((await keyGql(s, apiKey, DELIVERIES)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(s, DELIVERIES, {}, { token: user.accessToken })).body.errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    expect((await gql(s, DELIVERIES, { after: 'nonsense' }, { token: admin })).body.errors[0].extensions.code).toBe(
      'BAD_USER_INPUT',
    );
  });
});
