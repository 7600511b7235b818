import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './test.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config.js';
import { gql, loginViaApi, loginViaUi, registerViaApi, tourByTitle, uniqueEmail } from './support.js';

/** Every visitor screen and what shows it is ready. */
const SCREENS: { name: string; path: string; ready: (p: Page) => Promise<void> }[] = [
  { name: 'home', path: '/', ready: (p) => expect(p.getByTestId('tour-card')).toHaveCount(10) },
  { name: 'tours', path: '/tours', ready: (p) => expect(p.getByTestId('tour-card')).toHaveCount(12) },
  {
    name: 'tourfilter',
    path: '/tourfilter?durationDays=1&durationNights=0&dayTrip=true',
    ready: (p) => expect(p.getByTestId('tours-found')).toBeVisible(),
  },
  {
    name: 'tourfilter-empty',
    path: '/tourfilter?destination=atlantis',
    ready: (p) => expect(p.getByText('No tours match your filters.')).toBeVisible(),
  },
  {
    name: 'filtered',
    path: '/filtered?durationDays=1&durationNights=0',
    ready: (p) => expect(p.getByTestId('filtered-count')).toBeVisible(),
  },
  {
    name: 'filtered-empty',
    path: '/filtered?durationDays=40',
    ready: (p) => expect(p.getByText('No Tours Found')).toBeVisible(),
  },
  { name: 'tour-detail', path: '/tour/1', ready: (p) => expect(p.getByTestId('quote-price')).toBeVisible() },
  { name: 'tour-not-found', path: '/tour/999999', ready: (p) => expect(p.getByText('Tour Not Found')).toBeVisible() },
  { name: 'about', path: '/about', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'blog', path: '/blog', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'contact', path: '/contact-us', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'partners', path: '/partners', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  {
    name: 'unauthorized',
    path: '/unauthorized',
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
];

/** Lazy images below the fold would be blank in a full-page screenshot: load them all first. */
async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    const imgs = [...document.images];
    for (const img of imgs) img.loading = 'eager';
    await Promise.all(
      imgs.map((img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.onload = r;
              img.onerror = r;
            }),
      ),
    );
  });
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

for (const s of SCREENS) {
  test(`${s.name}: no serious or critical axe violation, a title, and a full-page screenshot`, async ({ page }) => {
    await page.goto(s.path);
    await s.ready(page);
    await expect(page).toHaveTitle(/Tembea/);
    expect(await seriousViolations(page)).toEqual([]);
    await loadAllImages(page);
    await page.screenshot({ path: test.info().outputPath(`${s.name}.png`), fullPage: true });
  });

  test(`${s.name}: fits a 375 px wide phone without horizontal scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(s.path);
    await s.ready(page);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    await loadAllImages(page);
    await page.screenshot({ path: test.info().outputPath(`${s.name}-375.png`), fullPage: true });
  });
}

test('the open destinations popup and its detail view have no serious axe violation', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/about');
  await page.getByRole('button', { name: 'Destinations' }).click();
  await expect(page.getByRole('region', { name: 'Destinations' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Ngorongoro' }).click();
  await expect(page.getByRole('button', { name: 'Back to Zones' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the itinerary and inclusions tabs have no serious axe violation', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/tour/1');
  await page.getByRole('tab', { name: 'Itinerary' }).click();
  await page.getByRole('button', { name: /^Day 1/ }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Inclusions' }).click();
  expect(await seriousViolations(page)).toEqual([]);
});

/** The admin screens, seen by the admin of the test server. */
const ADMIN_SCREENS: { name: string; path: string; ready: (p: Page) => Promise<void> }[] = [
  {
    name: 'admin-dashboard',
    path: '/admin',
    ready: (p) => expect(p.getByTestId('admin-tour-card').first()).toBeVisible(),
  },
  {
    name: 'admin-dashboard-list',
    path: '/admin',
    ready: async (p) => {
      await expect(p.getByTestId('admin-tour-card').first()).toBeVisible();
      await p.getByRole('button', { name: 'List' }).click();
      await expect(p.getByTestId('admin-tour-row').first()).toBeVisible();
    },
  },
  {
    name: 'admin-new-tour',
    path: '/admin/new-tour',
    ready: (p) => expect(p.getByTestId('admin-tour-row').first()).toBeVisible(),
  },
  {
    name: 'admin-edit-tour',
    path: '/admin/edit/1',
    ready: async (p) => {
      await expect(p.getByRole('heading', { name: /^Edit Tour:/ })).toBeVisible();
      await expect(p.getByRole('heading', { name: 'Departures' })).toBeVisible();
      await expect(p.getByText('Loading departures...')).toHaveCount(0);
    },
  },
];

async function loginAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

for (const s of ADMIN_SCREENS) {
  test(`${s.name}: no serious or critical axe violation, and screenshots at desktop and 375 px without horizontal scrolling`, async ({
    page,
  }) => {
    // The dashboard holds every tour of the demo catalogue: axe and two full-page shots take a while.
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    await page.goto(s.path);
    await s.ready(page);
    await expect(page).toHaveTitle(/Tembea/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${s.name}.png`), fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(s.path);
    await s.ready(page);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    await page.screenshot({ path: test.info().outputPath(`${s.name}-375.png`), fullPage: true });
  });
}

test('the delete confirmation and the admin profile modal have no serious axe violation', async ({ page }) => {
  await loginAsAdmin(page);
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Admin Profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Admin Profile' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

async function fitsWidth(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Checks a signed-in screen at desktop width and on a 375 px phone, with a screenshot of each. */
async function checkScreen(page: Page, name: string, open: () => Promise<void>) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await open();
    expect(await seriousViolations(page), `${name} at ${width}px`).toEqual([]);
    if (width === 375) await fitsWidth(page);
    await page.screenshot({
      path: test.info().outputPath(`${name}${width === 375 ? '-375' : ''}.png`),
      fullPage: true,
    });
  }
}

/** A new user with one booking on a tour, made over the API. */
async function userWithBooking(request: APIRequestContext, tag: string, title: string) {
  const tour = await tourByTitle(request, title);
  const email = uniqueEmail(tag);
  await registerViaApi(request, 'Neema Access', email, 'access-2026');
  const token = await loginViaApi(request, email, 'access-2026');
  const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await gql(
    request,
    'mutation($input: BookingInput!) { createBooking(input: $input) { booking { id } } }',
    {
      input: {
        tourId: tour.id,
        startDate: start,
        endDate: start,
        numberOfPeople: 2,
        name: 'Neema Access',
        email,
        phone: '+255 754 000 111',
      },
    },
    token,
  );
  return { tour, email, password: 'access-2026' };
}

test('the booking modal and My bookings: no serious axe violation, fit 375 px, screenshots', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { tour, email, password } = await userWithBooking(
    request,
    'a11y-booker',
    'Stone Town Walking & Spice Farm Tour',
  );
  await loginViaUi(page, email, password);

  await checkScreen(page, 'my-bookings', async () => {
    await page.goto('/my-bookings');
    await expect(page.getByTestId('my-booking')).toHaveCount(1);
  });
  await page.getByRole('button', { name: /^Cancel/ }).click();
  await expect(page.getByRole('alertdialog', { name: 'Cancel Booking' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await checkScreen(page, 'booking-modal', async () => {
    await page.goto(`/tour/${tour.id}`);
    // On a phone the fixed booking bar holds a second 'Book Tour': either opens the same form.
    await page.getByRole('button', { name: 'Book Tour' }).first().click();
    await expect(page.getByRole('dialog').getByTestId('booking-total')).toBeVisible();
  });
  // The form with its errors shown.
  await page.getByLabel('Full Name').fill('');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('Bookings Management: no serious axe violation, fits 375 px, screenshots', async ({ page, request }) => {
  test.setTimeout(180_000);
  await userWithBooking(request, 'a11y-admin-view', 'Stone Town Walking & Spice Farm Tour');
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await checkScreen(page, 'admin-bookings', async () => {
    await page.goto('/admin/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings Management' })).toBeVisible();
    await expect(page.getByTestId('booking-row').first()).toBeVisible();
  });
  await page.goto('/admin/bookings?status=Cancelled&from=2099-01-01');
  await expect(page.getByText('No bookings found.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('Partner API Keys and Webhook deliveries: no serious axe violation, fit 375 px, screenshots', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // At least one key in the list, so the table itself is checked.
  const admin = await loginViaApi(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  await gql(
    request,
    'mutation($input: CreatePartnerKeyInput!) { createPartnerKey(input: $input) { secret } }',
    { input: { partnerName: 'Access Safaris', name: 'Staging' } },
    admin,
  );
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await checkScreen(page, 'admin-partners', async () => {
    await page.goto('/admin/partners');
    await expect(page.getByRole('heading', { level: 1, name: 'Partner API Keys' })).toBeVisible();
    await expect(page.getByTestId('key-row').first()).toBeVisible();
  });
  await checkScreen(page, 'admin-webhooks', async () => {
    await page.goto('/admin/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook deliveries' })).toBeVisible();
    await expect(page.getByText(/^(No webhook deliveries yet\.|Showing \d+ of \d+ deliveries)$/)).toBeVisible();
  });
});

test('Park fees: schedules, the editor and the affected bookings, no serious axe violation, fit 375 px', async ({
  page,
  request,
}) => {
  // Axe reads every control of the sample schedule's six fee tables: several seconds a pass.
  test.setTimeout(300_000);
  const { parkFeeSchedules } = await gql<{ parkFeeSchedules: { id: string; name: string }[] }>(
    request,
    '{ parkFeeSchedules { id name } }',
  );
  const sample = parkFeeSchedules.find((s) => s.name.startsWith('Sample'));
  expect(sample, 'the seeded sample schedule').toBeTruthy();
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await checkScreen(page, 'admin-park-fees', async () => {
    await page.goto(`/admin/park-fees?edit=${sample!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Park fees' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bookings affected by fee changes' })).toBeVisible();
    await expect(page.getByTestId('area-editor').first()).toBeVisible();
  });
  // The editor with its problems shown beside the fields.
  await page.getByLabel('Schedule name').fill('');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Please give the schedule a name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
