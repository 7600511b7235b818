import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config.js';

/** Every visitor screen and what shows it is ready. */
const SCREENS: { name: string; path: string; ready: (p: Page) => Promise<void> }[] = [
  { name: 'home', path: '/', ready: (p) => expect(p.getByTestId('tour-card')).toHaveCount(10) },
  { name: 'tours', path: '/tours', ready: (p) => expect(p.getByTestId('tour-card')).toHaveCount(12) },
  { name: 'tourfilter', path: '/tourfilter?durationDays=1&durationNights=0&dayTrip=true', ready: (p) => expect(p.getByTestId('tours-found')).toBeVisible() },
  { name: 'tourfilter-empty', path: '/tourfilter?destination=atlantis', ready: (p) => expect(p.getByText('No tours match your filters.')).toBeVisible() },
  { name: 'filtered', path: '/filtered?durationDays=1&durationNights=0', ready: (p) => expect(p.getByTestId('filtered-count')).toBeVisible() },
  { name: 'filtered-empty', path: '/filtered?durationDays=40', ready: (p) => expect(p.getByText('No Tours Found')).toBeVisible() },
  { name: 'tour-detail', path: '/tour/1', ready: (p) => expect(p.getByTestId('quote-price')).toBeVisible() },
  { name: 'tour-not-found', path: '/tour/999999', ready: (p) => expect(p.getByText('Tour Not Found')).toBeVisible() },
  { name: 'about', path: '/about', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'blog', path: '/blog', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'contact', path: '/contact-us', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'unauthorized', path: '/unauthorized', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
];

/** Lazy images below the fold would be blank in a full-page screenshot: load them all first. */
async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    const imgs = [...document.images];
    for (const img of imgs) img.loading = 'eager';
    await Promise.all(imgs.map((img) => (img.complete ? null : new Promise((r) => { img.onload = r; img.onerror = r; }))));
  });
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
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
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await loadAllImages(page);
    await page.screenshot({ path: test.info().outputPath(`${s.name}-375.png`), fullPage: true });
  });
}

test('the open destinations popup and its detail view have no serious axe violation', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Destinations' }).click();
  await expect(page.getByRole('region', { name: 'Destinations' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Ngorongoro' }).click();
  await expect(page.getByRole('button', { name: 'Back to Zones' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the itinerary and inclusions tabs have no serious axe violation', async ({ page }) => {
  await page.goto('/tour/1');
  await page.getByRole('tab', { name: 'Itinerary' }).click();
  await page.getByRole('button', { name: /^Day 1/ }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Inclusions' }).click();
  expect(await seriousViolations(page)).toEqual([]);
});

/** The admin screens, seen by the admin of the test server. */
const ADMIN_SCREENS: { name: string; path: string; ready: (p: Page) => Promise<void> }[] = [
  { name: 'admin-dashboard', path: '/admin', ready: (p) => expect(p.getByTestId('admin-tour-card').first()).toBeVisible() },
  {
    name: 'admin-dashboard-list',
    path: '/admin',
    ready: async (p) => {
      await expect(p.getByTestId('admin-tour-card').first()).toBeVisible();
      await p.getByRole('button', { name: 'List' }).click();
      await expect(p.getByTestId('admin-tour-row').first()).toBeVisible();
    },
  },
  { name: 'admin-new-tour', path: '/admin/new-tour', ready: (p) => expect(p.getByTestId('admin-tour-row').first()).toBeVisible() },
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
  test(`${s.name}: no serious or critical axe violation, and screenshots at desktop and 375 px without horizontal scrolling`, async ({ page }) => {
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
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await page.screenshot({ path: test.info().outputPath(`${s.name}-375.png`), fullPage: true });
  });
}

test('the delete confirmation and the admin profile modal have no serious axe violation', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('button', { name: /^Delete / }).first().click();
  await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Admin Profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Admin Profile' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
