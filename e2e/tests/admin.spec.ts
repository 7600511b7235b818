import { expect, test, type APIRequestContext, type Page } from './test.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config.js';
import { loginViaUi } from './support.js';

async function registerViaApi(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/graphql', {
    data: {
      query: 'mutation($input: RegisterInput!) { register(input: $input) { message } }',
      variables: { input: { name: 'Plain Visitor', email, password, phone: '+255 754 000 222' } },
    },
  });
  expect(res.ok()).toBe(true);
}

/** A 1 x 1 PNG, enough for the server to check, re-encode and store. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A day as YYYY-MM-DD, `days` from today (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The tour form's field by its exact label (required ones end in an asterisk). */
const field = (page: Page, label: string) =>
  page.getByRole('form', { name: /tour/i }).getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));

// The admin pages list every tour of the demo catalogue: give them room on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('on a phone the admin links fold behind the menu button and fold again after a choice', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Admin' });
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  // Folded, the bar is one line: the page starts right under it.
  expect((await page.locator('header.navbar--admin').boundingBox())!.height).toBeLessThan(80);
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('link', { name: 'Bookings' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('an admin creates a tour, finds it on the public pages, edits its price, adds a departure and deletes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const title = `Usambara Mountains Hike ${Date.now()}`;
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-status')).toHaveText('Tours loaded successfully');
  await page.screenshot({ path: test.info().outputPath('admin-dashboard.png'), fullPage: true });

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'New Tour' }).click();
  await expect(field(page, 'Destination')).toHaveValue('zanzibar');
  await field(page, 'Title').fill(title);
  await field(page, 'Description').fill('Two days of forest trails and villages above Lushoto.');
  await field(page, 'Country').fill('Tanzania');
  await field(page, 'Destination').fill('Tanga');
  await field(page, 'Price (USD)').fill('240');
  await field(page, 'Days').fill('2');
  await field(page, 'Nights').fill('1');
  await field(page, 'Included').fill('Guide, Lunch ,  Village fees');
  await page.getByRole('button', { name: 'Add day' }).click();
  await page.getByLabel('Day title').fill('Lushoto to Irente viewpoint');
  await page
    .getByLabel('Add images')
    .setInputFiles({ name: 'irente.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
  await expect(page.getByTestId('new-image')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('admin-new-tour.png'), fullPage: true });
  await page.getByRole('button', { name: 'Create Tour' }).click();
  await expect(page.getByText('Tour created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/edit\/\d+$/);
  const id = page.url().split('/').pop()!;

  // Client-side navigation: the tour shows at once, without a reload.
  await page.getByRole('link', { name: 'View the tour page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The uploaded photo, re-encoded by the server under a generated name.
  await expect(page.locator('main img[src*="/uploads/tours/"]').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Itinerary' }).click();
  await expect(page.getByText('Lushoto to Irente viewpoint')).toBeVisible();

  await page.goto('/tours');
  await page.getByLabel('Search tours').fill(title);
  await expect(page.getByTestId('tour-card').filter({ hasText: title })).toBeVisible();
  await expect(page.getByTestId('tour-card').filter({ hasText: title })).toContainText('$240.00');

  await page.goto('/admin');
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/edit/${id}$`));
  await expect(field(page, 'Included')).toHaveValue('Guide, Lunch, Village fees');
  await field(page, 'Price (USD)').fill('275.50');
  await page.getByRole('button', { name: 'Update Tour' }).click();
  await expect(page.getByText('Tour updated successfully!')).toBeVisible();

  const date = dayFromNow(45);
  await page.getByLabel('Start date').fill(date);
  await page.getByLabel('Seats', { exact: true }).fill('8');
  await page.getByRole('button', { name: 'Add departure' }).click();
  const row = page.getByTestId('departure-row').filter({ hasText: date });
  await expect(row).toContainText('Available');
  await expect(row.getByRole('cell').nth(2)).toHaveText('8');
  await row.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Closed');
  await page.screenshot({ path: test.info().outputPath('admin-edit-tour.png'), fullPage: true });

  await page.getByRole('link', { name: 'View the tour page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('$275.50').first()).toBeVisible();

  await page.goto('/admin');
  await page.getByRole('button', { name: 'List' }).click();
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("You won't be able to revert this!");
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByRole('alertdialog', { name: /Deleted!/ })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0, { timeout: 5000 });
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  await page.goto(`/tour/${id}`);
  await expect(page.getByText('Tour Not Found')).toBeVisible();
});

test('the tour form shows the validation messages and sends nothing', async ({ page }) => {
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin/new-tour');
  let mutations = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/graphql') && /createTour/.test(r.postData() ?? '')) mutations++;
  });
  await field(page, 'Days').fill('0');
  await page.getByRole('button', { name: 'Create Tour' }).click();
  const errors = page.getByTestId('tour-form-errors');
  await expect(errors).toBeVisible();
  expect(await errors.innerText()).toBe(
    [
      'Title is required',
      'Description is required',
      'Valid price is required',
      'Country is required',
      'Please specify either duration text or at least 1 day',
    ].join('\n'),
  );
  await expect(errors).toBeFocused();
  expect(mutations).toBe(0);
  await page.screenshot({ path: test.info().outputPath('admin-form-errors.png'), fullPage: true });
});

test('the admin pages send an anonymous visitor to /login and a signed-in user to /unauthorized', async ({
  page,
  request,
}) => {
  await page.goto('/admin/new-tour');
  await expect(page).toHaveURL(/\/login$/);
  const email = `plain-admin-e2e-${Date.now()}@example.com`;
  await registerViaApi(request, email, 'plain-password-1');
  await loginViaUi(page, email, 'plain-password-1');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.goto('/admin/edit/1');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: '403 - Unauthorized' })).toBeVisible();
});

test('the admin profile modal shows the account and logs out to /login', async ({ page }) => {
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Admin Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin Profile' });
  await expect(dialog).toContainText(ADMIN_EMAIL);
  await expect(dialog).toContainText('admin');
  await expect(dialog).toContainText('Last login');
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
