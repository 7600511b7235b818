import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, gqlUpload, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken } from '../../test/booking-helpers.js';
import { DAY_TOUR_INPUT } from '../../test/tour-helpers.js';
import { NOT_AN_IMAGE } from '@tembea/schema';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
});
afterAll(() => s?.stop());

const png = (w = 64, h = 48, colour = '#2a7') =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** CRC-32 of PNG chunks (IEEE polynomial). */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A small PNG whose header claims 10000 x 10000 pixels: a decompression bomb's calling card. */
async function bombPng(): Promise<Buffer> {
  const b = Buffer.from(await png(8, 8));
  b.writeUInt32BE(10_000, 16);
  b.writeUInt32BE(10_000, 20);
  b.writeUInt32BE(crc32(b.subarray(12, 29)), 29);
  return b;
}

/** A multipart tour: every field under its REST name, list fields as JSON text, files under `images`. */
function tourForm(
  over: Record<string, string> = {},
  files: { data: Buffer; name: string; type: string }[] = [],
): FormData {
  const fields: Record<string, string> = {
    title: 'Chemka Hot Springs',
    desc: 'Swim in the turquoise springs.',
    destination: 'Kilimanjaro',
    country: 'Tanzania',
    durationDays: '1',
    durationNights: '0',
    price: '85',
    originalPrice: '100',
    discount: '15',
    featured: 'true',
    popular: 'false',
    trending: 'false',
    rating: '4.6',
    numRatings: '12',
    tourType: 'Day trip',
    features: '["Lunch box","Snorkel"]',
    categories: '["Nature"]',
    included: '["Transport"]',
    notIncluded: '["Tips"]',
    capacity: '12',
    status: 'active',
    departureLocation: 'Moshi',
    departureTime: '2027-05-01T06:00:00.000Z',
    returnTime: '2027-05-01T17:00:00.000Z',
    itinerary: '[{"day":1,"title":"Springs","description":"Swim and picnic"}]',
    Tier: 'Budget,Mid-range',
    bookingType: 'group',
    travelType: 'Hidden gems',
    ...over,
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('images', new Blob([f.data], { type: f.type }), f.name);
  return form;
}

async function send(method: string, p: string, form: FormData | undefined, token?: string) {
  const res = await fetch(`${s.url}/api${p}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const stored = () => {
  const dir = path.join(s.dataDir, 'uploads', 'tours');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
/** Temporary upload files left once the answers are out (they are removed as each response closes). */
async function temporary(): Promise<string[]> {
  const dir = path.join(s.dataDir, 'tmp', 'uploads');
  let left: string[] = [];
  for (let i = 0; i < 40; i++) {
    left = existsSync(dir) ? readdirSync(dir) : [];
    if (!left.length) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return left;
}

describe('tours over REST with photos', () => {
  it('creates a tour from multipart form data: every field round-trips, photos re-encoded with thumbnails', async () => {
    const r = await send(
      'POST',
      '/tours',
      tourForm({}, [
        { data: await png(), name: 'springs.png', type: 'image/png' },
        {
          data: await sharp(await png(2400, 1200))
            .jpeg()
            .toBuffer(),
          name: '../../etc/passwd.jpg',
          type: 'image/jpeg',
        },
      ]),
      admin,
    );
    expect(r.status).toBe(201);
    const t = r.body.tour;
    expect(t).toMatchObject({
      title: 'Chemka Hot Springs',
      description: 'Swim in the turquoise springs.',
      desc: 'Swim in the turquoise springs.',
      Tier: 'Budget,Mid-range',
      price: 85,
      originalPrice: 100,
      discount: 15,
      featured: true,
      rating: 4.6,
      numRatings: 12,
      features: ['Lunch box', 'Snorkel'],
      capacity: 12,
      itinerary: [{ day: 1, title: 'Springs', description: 'Swim and picnic' }],
      travelType: 'Hidden gems',
    });
    expect(t.images).toHaveLength(2);
    for (const p of t.images) expect(p).toMatch(/^\/uploads\/tours\/[0-9a-f-]{36}\.webp$/);
    expect(stored()).toHaveLength(4);
    const served = await fetch(`${s.url}${t.images[1]}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    const thumb = await fetch(`${s.url}${t.images[1].replace('.webp', '-thumb.webp')}`);
    expect(thumb.status).toBe(200);
    expect(await temporary()).toEqual([]);
  });

  it('edits a tour: kept photos stay in order, a removed one is deleted from disk, a new one is added', async () => {
    const created = (
      await send(
        'POST',
        '/tours',
        tourForm({}, [
          { data: await png(), name: 'a.png', type: 'image/png' },
          { data: await png(30, 30, '#a27'), name: 'b.png', type: 'image/png' },
        ]),
        admin,
      )
    ).body.tour;
    const [a, b] = created.images as string[];
    const before = stored().length;
    const r = await send(
      'PUT',
      `/tours/${created.id}`,
      tourForm({ images: JSON.stringify([b]), price: 'group budget:80;group mid-range:120' }, [
        { data: await png(20, 20, '#27a'), name: 'c.png', type: 'image/png' },
      ]),
      admin,
    );
    expect(r.status).toBe(200);
    expect(r.body.tour.images[0]).toBe(b);
    expect(r.body.tour.images).toHaveLength(2);
    expect(r.body.tour.images).not.toContain(a);
    expect(r.body.tour.price).toBe('group budget:80;group mid-range:120');
    expect(stored()).toHaveLength(before);
    expect(stored()).not.toContain(path.basename(a!));
    const gone = await send('DELETE', `/tours/${created.id}`, undefined, admin);
    expect(gone.status).toBe(204);
    expect(stored()).toHaveLength(before - 4);
    expect((await send('DELETE', `/tours/${created.id}`, undefined, admin)).status).toBe(404);
  });

  it('refuses upload abuse with a clear error and leaves nothing on disk', async () => {
    const user = await signUpAndLogin(s);
    const before = stored();
    const cases: [string, FormData, string | undefined, number][] = [
      [
        'a script renamed .jpg',
        tourForm({}, [
          { data: Buffer.from('#!/bin/sh\nrm -rf /\n'.repeat(10)), name: 'photo.jpg', type: 'image/jpeg' },
        ]),
        admin,
        400,
      ],
      [
        'an HTML file',
        tourForm({}, [
          { data: Buffer.from('<html><script>alert(1)</script></html>'), name: 'x.html', type: 'text/html' },
        ]),
        admin,
        400,
      ],
      [
        'a 20 MB file',
        tourForm({}, [{ data: Buffer.alloc(20 * 1024 * 1024, 7), name: 'big.png', type: 'image/png' }]),
        admin,
        413,
      ],
      [
        '11 files',
        tourForm(
          {},
          await Promise.all(
            Array.from({ length: 11 }, async (_, i) => ({ data: await png(), name: `${i}.png`, type: 'image/png' })),
          ),
        ),
        admin,
        413,
      ],
      [
        'a 10000 x 10000 image',
        tourForm({}, [{ data: await bombPng(), name: 'bomb.png', type: 'image/png' }]),
        admin,
        400,
      ],
      ['an anonymous upload', tourForm({}, [{ data: await png(), name: 'a.png', type: 'image/png' }]), undefined, 401],
      ['a traveller', tourForm({}, [{ data: await png(), name: 'a.png', type: 'image/png' }]), user.accessToken, 403],
      [
        'a bad field with a good photo',
        tourForm({ title: '' }, [{ data: await png(), name: 'a.png', type: 'image/png' }]),
        admin,
        400,
      ],
      [
        'one good photo and one bad',
        tourForm({}, [
          { data: await png(), name: 'a.png', type: 'image/png' },
          { data: Buffer.from('GIF89a-not-really'), name: 'b.gif', type: 'image/gif' },
        ]),
        admin,
        400,
      ],
    ];
    let refusedAsNotImage = 0;
    for (const [name, form, token, status] of cases) {
      const r = await send('POST', '/tours', form, token);
      expect({ name, status: r.status }).toEqual({ name, status });
      expect(typeof r.body.message).toBe('string');
      // A file that is not an image is named by the form field it came in, for the form to show it there.
      if (r.body.message !== NOT_AN_IMAGE) continue;
      expect(r.body.errors).toEqual([{ field: 'images', message: NOT_AN_IMAGE }]);
      refusedAsNotImage++;
    }
    // The script, the HTML file, the pixel bomb and the bad half of a pair.
    expect(refusedAsNotImage).toBe(4);
    expect(stored()).toEqual(before);
    expect(await temporary()).toEqual([]);
  });

  it('reports every validation message of the form, one a line, on REST too', async () => {
    const r = await send(
      'POST',
      '/tours',
      tourForm({ title: '', desc: '', price: 'abc', discount: '101', country: '', durationDays: '0', duration: '' }),
      admin,
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'Title is required\nDescription is required\nValid price is required\nDiscount must be between 0 and 100\nCountry is required\nPlease specify either duration text or at least 1 day',
    );
    const types = await send(
      'POST',
      '/tours',
      tourForm({ capacity: 'ten', featured: 'maybe', features: '[1,2]', itinerary: '{"day":1}' }),
      admin,
    );
    expect(types.status).toBe(400);
    expect(types.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'capacity',
      'featured',
      'features',
      'itinerary',
    ]);
  });
});

describe('tours over GraphQL with photos', () => {
  it('createTour takes new photos as a multipart upload', async () => {
    const input = DAY_TOUR_INPUT;
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query:
          'mutation($input: TourInput!, $images: [Upload!]) { createTour(input: $input, images: $images) { tour { id images } } }',
        variables: { input, images: [null, null] },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.images.0'], 1: ['variables.images.1'] }));
    form.append('0', new Blob([await png()], { type: 'image/png' }), 'a.png');
    form.append('1', new Blob([await png(10, 10)], { type: 'image/png' }), 'b.png');
    const res = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    const body = (await res.json()) as { data: { createTour: { tour: { images: string[] } } } };
    expect(body.data.createTour.tour.images).toHaveLength(2);
    const plain = await gql(
      s,
      `mutation($i: TourInput!) { createTour(input: $i) { tour { images } } }`,
      { i: { ...input, images: ['/uploads/demo/x.svg', 'https://cdn.example.com/a.jpg'] } },
      { token: admin },
    );
    expect(plain.body.data.createTour.tour.images).toEqual(['/uploads/demo/x.svg', 'https://cdn.example.com/a.jpg']);
    const crafted = await gql(
      s,
      `mutation($i: TourInput!) { createTour(input: $i) { tour { images } } }`,
      { i: { ...input, images: ['/uploads/../secrets/jwt_secret'] } },
      { token: admin },
    );
    expect(crafted.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('GraphQL multipart photo counts', () => {
  const CREATE =
    'mutation($input: TourInput!, $images: [Upload!]) { createTour(input: $input, images: $images) { tour { id images } } }';
  const input = DAY_TOUR_INPUT;
  async function createWith(n: number) {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: CREATE, variables: { input, images: Array(n).fill(null) } }));
    form.append(
      'map',
      JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), [`variables.images.${i}`]]))),
    );
    for (let i = 0; i < n; i++)
      form.append(String(i), new Blob([await png(8 + i, 8)], { type: 'image/png' }), `${i}.png`);
    const res = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('createTour takes exactly 10 photos in one request and refuses 11 with 413, leaving nothing behind', async () => {
    const before = stored().length;
    const ten = await createWith(10);
    expect(ten.status).toBe(200);
    expect(ten.body.data.createTour.tour.images).toHaveLength(10);
    expect(stored()).toHaveLength(before + 20);
    const eleven = await createWith(11);
    expect(eleven.status).toBe(413);
    expect(eleven.body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    expect(stored()).toHaveLength(before + 20);
    expect(await temporary()).toEqual([]);
  });
});

describe('which stored files a tour may name, and when they are deleted', () => {
  const CREATE_GQL = `mutation($i: TourInput!) { createTour(input: $i) { tour { id images } } }`;
  const UPDATE_GQL = `mutation($id: ID!, $i: TourInput!) { updateTour(id: $id, input: $i) { tour { id images bg } } }`;
  const BASE = {
    title: 'Ngorongoro Rim Walk',
    description: 'Along the crater rim.',
    country: 'Tanzania',
    durationDays: 1,
    price: '150',
  };
  const served = async (p: string) => (await fetch(`${s.url}${p}`)).status;

  async function profilePicture(): Promise<{ path: string; token: string }> {
    const user = await signUpAndLogin(s);
    const r = await gqlUpload(
      s,
      `mutation($file: Upload!) { uploadProfileImage(file: $file) { user { profileImage } } }`,
      { data: await png(), name: 'me.png', type: 'image/png' },
      user.accessToken,
    );
    return { path: r.body.data.uploadProfileImage.user.profileImage, token: user.accessToken };
  }

  it("refuses a traveller's profile picture (or a thumbnail) as a tour image or bg, on GraphQL and REST, and the picture stays", async () => {
    const picture = (await profilePicture()).path;
    const viaGql = await gql(s, CREATE_GQL, { i: { ...BASE, images: [picture] } }, { token: admin });
    expect(viaGql.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'images' }] });
    const viaRest = await send('POST', '/tours', tourForm({ images: JSON.stringify([picture]) }), admin);
    expect(viaRest.status).toBe(400);
    expect(viaRest.body.errors).toEqual([expect.objectContaining({ field: 'images' })]);
    const tour = (
      await send('POST', '/tours', tourForm({}, [{ data: await png(), name: 'a.png', type: 'image/png' }]), admin)
    ).body.tour;
    const asBg = await gql(s, UPDATE_GQL, { id: tour.id, i: { bg: picture } }, { token: admin });
    expect(asBg.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'bg' }] });
    const thumb = await gql(
      s,
      UPDATE_GQL,
      { id: tour.id, i: { images: [tour.images[0].replace('.webp', '-thumb.webp')] } },
      { token: admin },
    );
    expect(thumb.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    // The attack: name the picture, then drop it. Neither step reaches the file.
    await gql(s, UPDATE_GQL, { id: tour.id, i: { images: [picture] } }, { token: admin });
    await gql(s, UPDATE_GQL, { id: tour.id, i: { images: [] } }, { token: admin });
    expect(await served(picture)).toBe(200);
  });

  it('deletes a dropped file only when nothing refers to it: a profile picture on an old tour, a photo another tour shows', async () => {
    const picture = (await profilePicture()).path;
    const old = (await send('POST', '/tours', tourForm(), admin)).body.tour;
    // A tour saved before tours were limited to their own files may still name a profile picture.
    await s.orm.em
      .fork()
      .getConnection()
      .execute('update tours set images = array[?] where id = ?', [picture, Number(old.id)]);
    const dropped = await send('PUT', `/tours/${old.id}`, tourForm({ images: '[]' }), admin);
    expect(dropped.status).toBe(200);
    expect(await served(picture)).toBe(200);

    const a = (
      await send('POST', '/tours', tourForm({}, [{ data: await png(), name: 'a.png', type: 'image/png' }]), admin)
    ).body.tour;
    const photo: string = a.images[0];
    const b = (await gql(s, CREATE_GQL, { i: { ...BASE, images: [photo] } }, { token: admin })).body.data.createTour
      .tour;
    expect(b.images).toEqual([photo]);
    expect(
      (await gql(s, UPDATE_GQL, { id: a.id, i: { images: [] } }, { token: admin })).body.data.updateTour.tour.images,
    ).toEqual([]);
    expect(await served(photo)).toBe(200);
    expect(await served(photo.replace('.webp', '-thumb.webp'))).toBe(200);
    expect(
      (await gql(s, `mutation($id: ID!) { deleteTour(id: $id) { deletedTourId } }`, { id: b.id }, { token: admin }))
        .body.data.deleteTour,
    ).toEqual({ deletedTourId: b.id });
    expect(await served(photo)).toBe(404);
    expect(stored()).not.toContain(path.basename(photo).replace('.webp', '-thumb.webp'));
  });
});
