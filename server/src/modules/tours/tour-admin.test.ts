import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { api, gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, CANCEL, adminToken, book, makeTour, request } from '../../test/booking-helpers.js';

const FIELDS = `id title description destination country durationDays durationNights duration price priceText originalPrice discount images bg
  featured popular trending rating numRatings tourType features categories included notIncluded capacity status departureLocation
  departureTime returnTime itinerary { day title description } tier tiers bookingType travelType dayTrip fromPrice`;
const CREATE = `mutation($input: TourInput!) { createTour(input: $input) { tour { ${FIELDS} } } }`;
const UPDATE = `mutation($id: ID!, $input: TourInput!) { updateTour(id: $id, input: $input) { tour { ${FIELDS} } } }`;
const DELETE = `mutation($id: ID!) { deleteTour(id: $id) { deletedTourId } }`;
const TOUR = `query($id: ID!) { tour(id: $id) { id title price priceText } }`;

const FULL_TOUR = {
  title: 'Lake Manyara Tree Climbers',
  description: 'Lions in the acacias.',
  destination: 'manyara',
  country: 'Tanzania',
  durationDays: 2,
  durationNights: 1,
  duration: '2 days, 1 night',
  price: '640.50',
  originalPrice: 700,
  discount: 8.5,
  images: ['/uploads/demo/manyara.svg'],
  bg: null,
  featured: true,
  popular: false,
  trending: true,
  rating: 4.7,
  numRatings: 31,
  tourType: 'Safari',
  features: ['Pop-up roof'],
  categories: ['Wildlife'],
  included: ['Park fees'],
  notIncluded: ['Tips'],
  capacity: 6,
  status: 'active',
  departureLocation: 'Arusha',
  departureTime: '2027-07-01T05:00:00.000Z',
  returnTime: '2027-07-02T16:00:00.000Z',
  itinerary: [
    { day: 1, title: 'Drive to Manyara', description: 'Game drive' },
    { day: 2, title: 'Back to Arusha', description: '' },
  ],
  tier: 'Budget, Luxury',
  bookingType: 'private',
  travelType: 'Safari',
};

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
});
afterAll(() => s?.stop());

describe('tour administration over GraphQL', () => {
  it('creates a tour with every field round-tripped, edits it, and the public catalogue shows it at once', async () => {
    const created = await gql(s, CREATE, { input: FULL_TOUR }, { token: admin });
    expect(created.body.errors).toBeUndefined();
    const t = created.body.data.createTour.tour;
    expect(t).toMatchObject({
      ...FULL_TOUR,
      price: 640.5,
      priceText: null,
      tier: 'Budget,Luxury',
      tiers: ['Budget', 'Luxury'],
      dayTrip: false,
      fromPrice: 640.5,
    });
    const edited = await gql(
      s,
      UPDATE,
      { id: t.id, input: { ...FULL_TOUR, price: 'group budget:500; private luxury:900', title: 'Manyara Tree Lions' } },
      { token: admin },
    );
    expect(edited.body.data.updateTour.tour).toMatchObject({
      title: 'Manyara Tree Lions',
      price: null,
      priceText: 'group budget:500; private luxury:900',
      fromPrice: 500,
    });
    expect((await gql(s, TOUR, { id: t.id })).body.data.tour.title).toBe('Manyara Tree Lions');
  });

  it("refuses bad tours with the form's messages, one a line", async () => {
    const r = await gql(
      s,
      CREATE,
      {
        input: {
          ...FULL_TOUR,
          title: ' ',
          description: '',
          price: 'cheap',
          discount: 120,
          country: '',
          duration: '',
          durationDays: 0,
        },
      },
      { token: admin },
    );
    expect(r.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(r.body.errors[0].message).toBe(
      [
        'Title is required',
        'Description is required',
        'Valid price is required',
        'Discount must be between 0 and 100',
        'Country is required',
        'Please specify either duration text or at least 1 day',
      ].join('\n'),
    );
    const bounds = await gql(
      s,
      CREATE,
      {
        input: {
          ...FULL_TOUR,
          rating: 5.5,
          status: 'archived',
          bookingType: 'solo',
          tier: 'Gold',
          capacity: 0,
          itinerary: [{ day: 0, title: 'x', description: '' }],
        },
      },
      { token: admin },
    );
    expect(bounds.body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toEqual([
      'rating',
      'capacity',
      'status',
      'bookingType',
      'Tier',
      'itinerary.0.day',
    ]);
  });

  it('is for admins only', async () => {
    const user = await signUpAndLogin(s);
    expect(
      (await gql(s, CREATE, { input: FULL_TOUR }, { token: user.accessToken })).body.errors[0].extensions.code,
    ).toBe('FORBIDDEN');
    expect((await gql(s, CREATE, { input: FULL_TOUR })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await gql(s, DELETE, { id: '1' }, { token: user.accessToken })).body.errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
  });

  it('refuses to delete a tour with active bookings, naming how many; past bookings keep its title', async () => {
    const user = await signUpAndLogin(s);
    const tourId = await makeTour(s, { title: 'Usambara Hills Walk' });
    const b1 = (await book(s, user.accessToken, request(tourId))).body.data.createBooking.booking;
    await book(s, user.accessToken, request(tourId));
    const refused = await gql(s, DELETE, { id: String(tourId) }, { token: admin });
    expect(refused.body.errors[0]).toMatchObject({
      message:
        'This tour has 2 active bookings (Pending or Confirmed): cancel or complete them before deleting the tour',
      extensions: { code: 'CONFLICT' },
    });
    const list = `query($f: BookingFilter) { bookings(filter: $f) { nodes { id } } }`;
    for (const n of (await gql(s, list, { f: { tourId: String(tourId) } }, { token: admin })).body.data.bookings
      .nodes) {
      await gql(s, CANCEL, { id: n.id }, { token: admin });
    }
    expect((await gql(s, DELETE, { id: String(tourId) }, { token: admin })).body.data.deleteTour).toEqual({
      deletedTourId: String(tourId),
    });
    expect((await gql(s, TOUR, { id: String(tourId) })).body.data.tour).toBeNull();
    const mine = (await gql(s, `{ myBookings { id tourId tourTitle status } }`, {}, { token: user.accessToken })).body
      .data.myBookings;
    expect(mine.find((b: { id: string }) => b.id === b1.id)).toEqual({
      id: b1.id,
      tourId: null,
      tourTitle: 'Usambara Hills Walk',
      status: 'Cancelled',
    });
    expect((await gql(s, DELETE, { id: String(tourId) }, { token: admin })).body.errors[0].extensions.code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('required fields on create, fields left out on edit', () => {
  const { country: _country, ...withoutCountry } = FULL_TOUR;
  const REQUIRED = [
    'Title is required',
    'Description is required',
    'Valid price is required',
    'Country is required',
    'Please specify either duration text or at least 1 day',
  ];
  const countTitled = async (title: string) =>
    (await s.orm.em.fork().getConnection().execute('select count(*)::int n from tours where title = ?', [title]))[0]?.n;

  it('refuses a create without a country on GraphQL, naming the field, and creates nothing', async () => {
    const r = await gql(s, CREATE, { input: { ...withoutCountry, title: 'No Country GraphQL' } }, { token: admin });
    expect(r.body.errors[0]).toMatchObject({
      message: 'Country is required',
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'country', message: 'Country is required' }] },
    });
    const nothing = await gql(s, CREATE, { input: {} }, { token: admin });
    expect(nothing.body.errors[0].message).toBe(REQUIRED.join('\n'));
    expect(await countTitled('No Country GraphQL')).toBe(0);
  });

  it('refuses a create without a country on REST, as JSON and as multipart form data, and creates nothing', async () => {
    const json = await api(s, 'POST', '/tours', { ...withoutCountry, title: 'No Country REST' }, { token: admin });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({
      message: 'Country is required',
      errors: [{ field: 'country', message: 'Country is required' }],
    });
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'No Country REST', desc: 'Dunes.', price: '90', durationDays: '1' }))
      form.append(k, v);
    const multipart = await fetch(`${s.url}/api/tours`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(multipart.status).toBe(400);
    expect(await multipart.json()).toMatchObject({ message: 'Country is required' });
    expect((await api(s, 'POST', '/tours', {}, { token: admin })).body.message).toBe(REQUIRED.join('\n'));
    expect(await countTitled('No Country REST')).toBe(0);
  });

  it('gives a create that sends only the required fields the new-tour defaults, on GraphQL and REST', async () => {
    const required = { title: 'Kondoa Rock Art', description: 'Painted shelters.', price: '85', country: 'Tanzania' };
    const defaults = {
      destination: 'zanzibar',
      durationNights: 0,
      originalPrice: 0,
      discount: 0,
      rating: 4.5,
      numRatings: 25,
      tourType: 'Tour',
      capacity: 20,
      status: 'active',
      bookingType: 'group',
      travelType: 'Beach sands',
    };
    const viaGraphql = await gql(s, CREATE, { input: { ...required, durationDays: 1 } }, { token: admin });
    expect(viaGraphql.body.errors).toBeUndefined();
    expect(viaGraphql.body.data.createTour.tour).toMatchObject({ ...defaults, tier: 'Budget' });
    const viaRest = await api(s, 'POST', '/tours', { ...required, durationDays: 2 }, { token: admin });
    expect(viaRest.status).toBe(201);
    expect(viaRest.body.tour).toMatchObject({ ...defaults, Tier: 'Budget', durationDays: 2 });
  });

  it('lets an edit leave fields out (they keep their values) and refuses one that empties a required field', async () => {
    const created = (await gql(s, CREATE, { input: { ...FULL_TOUR, country: 'Kenya' } }, { token: admin })).body.data
      .createTour.tour;
    const renamed = await gql(s, UPDATE, { id: created.id, input: { title: 'Manyara by Night' } }, { token: admin });
    expect(renamed.body.errors).toBeUndefined();
    expect(renamed.body.data.updateTour.tour).toMatchObject({
      ...FULL_TOUR,
      country: 'Kenya',
      title: 'Manyara by Night',
      price: 640.5,
      tier: 'Budget,Luxury',
    });
    const repriced = await api(s, 'PUT', `/tours/${created.id}`, { price: '700' }, { token: admin });
    expect(repriced.status).toBe(200);
    expect(repriced.body.tour).toMatchObject({
      title: 'Manyara by Night',
      country: 'Kenya',
      price: 700,
      images: FULL_TOUR.images,
      Tier: 'Budget,Luxury',
    });
    const emptied = await gql(s, UPDATE, { id: created.id, input: { country: null } }, { token: admin });
    expect(emptied.body.errors[0]).toMatchObject({
      message: 'Country is required',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await api(s, 'PUT', `/tours/${created.id}`, { country: '' }, { token: admin })).body).toMatchObject({
      message: 'Country is required',
    });
    expect((await api(s, 'GET', `/tours/${created.id}`)).body.tour.country).toBe('Kenya');
  });

  it('lets an edit leave out a list whose stored item reads back as null (a feature typed as null)', async () => {
    const created = (
      await api(s, 'POST', '/tours', { ...FULL_TOUR, categories: '["null","Wildlife"]' }, { token: admin })
    ).body.tour;
    const edited = await api(s, 'PUT', `/tours/${created.id}`, { title: 'Manyara at Noon' }, { token: admin });
    expect({ status: edited.status, title: edited.body.tour?.title }).toEqual({
      status: 200,
      title: 'Manyara at Noon',
    });
  });
});
