import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { gql, signUpAndLogin } from '../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, book, bookRest, makeTour, request } from '../test/booking-helpers.js';
import { malformedTextPath } from './well-formed-text.js';

/** Half of a surrogate pair: JSON writes it as "\ud800"; it is no character. */
const HALF = 'x\ud800';

describe('malformedTextPath', () => {
  it('names the first text holding half of a surrogate pair, and passes whole pairs', () => {
    expect(malformedTextPath({ name: 'Neema 🦁', notes: 'ok' })).toBeNull();
    expect(malformedTextPath(HALF)).toBe('');
    expect(malformedTextPath({ a: { list: ['ok', '\udc00y'] } })).toBe('a.list.1');
    expect(malformedTextPath(['🦁'.slice(1)])).toBe('0');
    expect(malformedTextPath({ n: 1, b: true, z: null })).toBeNull();
  });
});

describe('a text that is not whole Unicode is refused with 400 naming it, never a 500', () => {
  let s: TestServer;
  let admin: string;
  let traveller: Awaited<ReturnType<typeof signUpAndLogin>>;
  let tourId: number;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
    admin = await adminToken(s);
    traveller = await signUpAndLogin(s);
    tourId = await makeTour(s);
  });
  afterAll(() => s?.stop());

  it('in a REST JSON body', async () => {
    const r = await bookRest(s, traveller.accessToken, tourId, request(tourId, { notes: HALF }));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'notes' }] });
  });

  it('in GraphQL variables, or written in the query', async () => {
    const byVariable = await book(s, traveller.accessToken, request(tourId, { notes: HALF }));
    expect(byVariable.status).toBe(400);
    expect(byVariable.body.errors[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'variables.input.notes' }] },
    });
    const literal = await gql(
      s,
      `{ tours(search: ${JSON.stringify(HALF)}, first: 1) { totalCount } }`,
      {},
      { token: admin },
    );
    // Written in the query, graphql-js's parser refuses it already.
    expect(literal.status).toBe(400);
    expect(literal.body.errors[0]).toMatchObject({
      message: expect.stringContaining('Invalid Unicode escape'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('in the JSON of a tour form field sent as multipart', async () => {
    const form = new FormData();
    form.append('itinerary', JSON.stringify([{ day: 1, title: HALF }]));
    const res = await fetch(`${s.url}/api/tours/${tourId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'itinerary.0.title' }] });
  });
});
