import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './test.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config.js';
import { firstTour, gql, loginViaApi, loginViaUi } from './support.js';

const API_KEY_CHECK = '{ apiKey { partnerName name rateLimitPerMinute } }';

test('an admin creates a partner key, shown once; the partner reads with it; revoked, it is refused', async ({
  page,
  request,
}) => {
  const partner = `Ngorongoro Agents ${Date.now()}`;
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Partners' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Partner API Keys' })).toBeVisible();

  // Nothing is sent while a required field is empty.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('new-key')).toHaveCount(0);

  await page.getByLabel(/^Partner name/).fill(partner);
  await page.getByLabel(/^Key name/).fill('Production');
  await page.getByLabel('Rate limit (requests per minute)').fill('90');
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-key');
  await expect(
    shown.getByText('Copy this key now and give it to the partner: it will not be shown again.'),
  ).toBeVisible();
  const key = await shown.getByLabel('API key').inputValue();
  expect(key).toMatch(/^tmb_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'I have copied the key' }).click();
  await expect(page.getByTestId('new-key')).toHaveCount(0);

  const row = page.getByTestId('key-row').filter({ hasText: partner });
  await expect(row).toContainText(key.slice(0, 10));
  await expect(row).not.toContainText(key);
  await expect(row.getByTestId('key-status')).toHaveText('Active');
  await expect(row).toContainText('90/min');

  const read = await request.post('/graphql', { headers: { 'x-api-key': key }, data: { query: API_KEY_CHECK } });
  expect(await read.json()).toEqual({
    data: { apiKey: { partnerName: partner, name: 'Production', rateLimitPerMinute: 90 } },
  });
  expect((await request.get('/api/tours?limit=1', { headers: { authorization: `ApiKey ${key}` } })).status()).toBe(200);

  await row.getByRole('button', { name: `Revoke ${partner} Production` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke API key' });
  await expect(dialog).toContainText('Every request with it will be refused. This cannot be undone.');
  await dialog.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Revoked ${partner} (Production)` })).toBeVisible();
  await expect(row.getByTestId('key-status')).toHaveText('Revoked');

  const refused = await request.post('/graphql', { headers: { 'x-api-key': key }, data: { query: API_KEY_CHECK } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
});

test.describe('the partner guide', () => {
  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });
    test('reads whole from the server: keys, limits, OCTO terms, examples and webhooks', async ({ page }) => {
      await page.goto('/partners');
      await expect(page.getByRole('heading', { level: 1, name: 'Partner API' })).toBeVisible();
      for (const heading of [
        'Your API key',
        'Limits and errors',
        'Paging and keeping in sync',
        'If you know OCTO',
        'Example operations',
        'Webhooks',
      ]) {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      await expect(page.getByRole('article', { name: 'AvailabilityWindow' })).toContainText(
        'availability(from: $from, to: $to',
      );
      await expect(page.getByLabel('Check your key with curl')).toContainText('/graphql');
    });
  });

  test('is linked from the footer and hydrates without a mismatch', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Partner API' }).click();
    await expect(page).toHaveURL(/\/partners$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Partner API' })).toBeVisible();
    await page.reload();
    await page.getByText('As a curl command').first().click();
    await expect(page.getByLabel('AvailabilityWindow with curl')).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test("a partner's webhook receives a signed SEATS_CHANGED, and the admin sees it delivered", async ({
  page,
  request,
}) => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tembea`;
  try {
    const partner = `Kilwa Channel Manager ${Date.now()}`;
    const admin = await loginViaApi(request, ADMIN_EMAIL, ADMIN_PASSWORD);
    const { createPartnerKey } = await gql<{ createPartnerKey: { secret: string } }>(
      request,
      'mutation($input: CreatePartnerKeyInput!) { createPartnerKey(input: $input) { secret } }',
      { input: { partnerName: partner, name: 'Webhooks' } },
      admin,
    );
    const registered = await request.post('/graphql', {
      headers: { 'x-api-key': createPartnerKey.secret },
      data: {
        query: 'mutation($input: RegisterWebhookInput!) { registerWebhook(input: $input) { secret webhook { id } } }',
        variables: { input: { url, events: ['SEATS_CHANGED'] } },
      },
    });
    const { secret } = (await registered.json()).data.registerWebhook;

    // An admin schedules a departure: partners are told its seats.
    const tour = await firstTour(request, {});
    const startDate = new Date(Date.now() + (400 + Math.floor(Math.random() * 300)) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await gql(
      request,
      'mutation($t: ID!, $d: String!) { addDeparture(tourId: $t, startDate: $d, capacity: 12) { departure { id } } }',
      { t: tour.id, d: startDate },
      admin,
    );

    // Other browser tests running at the same time change seats too: this departure's event is
    // the one looked for among those received.
    const ours = () =>
      received.find((r) => {
        const body = JSON.parse(r.body) as { tourId?: string; startDate?: string };
        return body.tourId === tour.id && body.startDate === startDate;
      });
    await expect.poll(() => !!ours(), { timeout: 20_000 }).toBe(true);
    const delivery = ours();
    const timestamp = String(delivery!.headers['tembea-webhook-timestamp']);
    const expected = createHmac('sha256', secret).update(`${timestamp}.${delivery!.body}`).digest('hex');
    expect(delivery!.headers['tembea-signature']).toBe(`v1=${expected}`);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event: 'SEATS_CHANGED',
      tourId: tour.id,
      startDate,
      seatsLeft: 12,
      closed: false,
    });

    await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook deliveries' })).toBeVisible();
    const row = page.getByTestId('delivery-row').filter({ hasText: partner });
    await expect(row.getByTestId('delivery-status').first()).toHaveText('Delivered');
    await expect(row.first()).toContainText('HTTP 204');
    await expect(row.first()).toContainText('SEATS_CHANGED');
  } finally {
    receiver.close();
  }
});
