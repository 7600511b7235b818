import { expect, test } from './test.js';
import { firstTour, renderInBrowser, tourByTitle } from './support.js';

const MIGRATION = 'Serengeti Great Migration Safari';

test('a tour shows every part: facts, badges, price, tabs, itinerary, inclusions, SEO', async ({ page, request }) => {
  const tour = await tourByTitle(request, MIGRATION);
  await page.goto('/tours');
  await page.getByTestId('tour-card').filter({ hasText: tour.title }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/tour/${tour.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tour.title);
  await expect(page).toHaveTitle(new RegExp(tour.title));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Migration/);
  const ld = JSON.parse((await page.locator('head script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld['@type']).toBe('TouristTrip');
  expect(ld.name).toBe(tour.title);
  expect(ld.offers.priceCurrency).toBe('USD');

  await expect(page.getByTestId('tour-status')).toHaveText('Available');
  await expect(page.locator('.tour-header__badges')).toContainText('Featured');
  await expect(page.getByTestId('tour-rating')).toContainText(/reviews/);
  for (const label of ['Destination', 'Duration', 'Departure', 'Maximum people'])
    await expect(page.locator('.tour-facts dt', { hasText: label })).toBeVisible();
  await expect(page.locator('.tour-facts')).toContainText('Serengeti, Tanzania');
  await expect(page.locator('.chips').first()).toBeVisible();

  // Tabs: Overview first, arrow keys move, Itinerary days open on their own.
  const overviewTab = page.getByRole('tab', { name: 'Overview' });
  await expect(overviewTab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  for (const label of [
    'Tour type',
    'Travel type',
    'Departure location',
    'Departure time',
    'Return time',
    'Tier',
    'Booking type',
    'Capacity',
  ]) {
    await expect(panel.locator('dt', { hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  await overviewTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Itinerary' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Itinerary' })).toHaveAttribute('aria-selected', 'true');
  const day1 = panel.getByRole('button', { name: /^Day 1/ });
  const day2 = panel.getByRole('button', { name: /^Day 2/ });
  await expect(day1).toHaveAttribute('aria-expanded', 'false');
  await day1.click();
  await day2.click();
  await expect(day1).toHaveAttribute('aria-expanded', 'true');
  await expect(day2).toHaveAttribute('aria-expanded', 'true');
  await day1.click();
  await expect(day1).toHaveAttribute('aria-expanded', 'false');
  await expect(day2).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('End');
  await page.getByRole('tab', { name: 'Inclusions' }).click();
  await expect(panel.getByRole('heading', { name: "What's Included" })).toBeVisible();
  await expect(panel.getByRole('heading', { name: "What's Not Included" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('tour-detail.png'), fullPage: true });

  // Back returns to the list it came from.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/tours$/);
});

test('booking type and tier re-price the tour through the quote', async ({ page, request }) => {
  const tour = await tourByTitle(request, MIGRATION);
  expect(tour.priceText).toContain('private luxury');
  await page.goto(`/tour/${tour.id}`);
  await expect(page.getByLabel('Booking Type')).toHaveValue('group');
  await expect(page.getByLabel('Travel Tier')).toHaveValue('Mid-range');
  await expect(page.getByTestId('quote-price')).toHaveText('$2,890.00');
  await expect(page.getByTestId('tour-price')).toContainText('$2,890.00');
  // The safari spends its days in the parks: the deposit (3%) and the balance are of the price
  // plus the park fees, which are shown apart (priced for one non-resident adult until told who travels).
  const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
  const parkFees = cents(await page.getByTestId('park-fees-total').innerText());
  expect(parkFees).toBeGreaterThan(0);
  const usd = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  const deposit = Math.round(((289_000 + parkFees) * 3) / 100);
  await expect(page.getByTestId('quote-deposit')).toHaveText(usd(deposit));
  await expect(page.getByTestId('quote-balance')).toHaveText(usd(289_000 + parkFees - deposit));
  await expect(page.getByTestId('quote')).toContainText(/Balance, due \d+ \w+ \d{4}/);
  await page.getByLabel('Booking Type').selectOption('private');
  await expect(page.getByTestId('quote-price')).toHaveText('$3,450.00');
  await page.getByLabel('Travel Tier').selectOption('Luxury');
  await expect(page.getByTestId('quote-price')).toHaveText('$5,900.00');
  await expect(page.getByTestId('tour-price')).toContainText('$5,900.00');
  const privateFees = cents(await page.getByTestId('park-fees-total').innerText());
  await expect(page.getByTestId('quote-deposit')).toHaveText(usd(Math.round(((590_000 + privateFees) * 3) / 100)));
});

test('the booking button follows the status: Book Tour, Currently Unavailable, Coming Soon', async ({
  page,
  request,
}) => {
  const inactive = await firstTour(request, { status: 'inactive' });
  await page.goto(`/tour/${inactive.id}`);
  await expect(page.getByTestId('tour-status')).toHaveText('Unavailable');
  await expect(page.getByRole('button', { name: 'Currently Unavailable' })).toBeDisabled();

  const draft = await firstTour(request, { status: 'draft' });
  await page.goto(`/tour/${draft.id}`);
  await expect(page.getByTestId('tour-status')).toHaveText('Coming Soon');
  await expect(page.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();

  const active = await firstTour(request, { status: 'active' });
  await page.goto(`/tour/${active.id}`);
  await page.getByRole('button', { name: 'Book Tour' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Login Required' })).toBeVisible();
});

test('a missing tour shows Tour Not Found with a way back to the tours', async ({ page }) => {
  await page.goto('/tour/999999');
  await expect(page.getByRole('heading', { name: 'Tour Not Found' })).toBeVisible();
  await expect(page.getByText("The tour you're looking for doesn't exist or may have been removed.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('tour-not-found.png'), fullPage: true });
  await page.getByRole('link', { name: 'Browse All Tours' }).click();
  await expect(page).toHaveURL(/\/tours$/);
});

test('a failed load shows Error Loading Tour; an authentication error asks to log in', async ({ page, request }) => {
  const active = await firstTour(request, { status: 'active' });
  let message = 'Failed to fetch tour';
  await renderInBrowser(page);
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('TourDetail')) {
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ data: null, errors: [{ message, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
      });
    }
    return route.fallback();
  });
  await page.goto(`/tour/${active.id}`);
  await expect(page.getByRole('heading', { name: 'Error Loading Tour' })).toBeVisible();
  await expect(page.getByText('Failed to fetch tour')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse All Tours' })).toBeVisible();

  message = 'Authentication required. Please login.';
  await page.reload();
  const dialog = page.getByRole('alertdialog', { name: 'Login Required' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You need to login to book this tour. Would you like to login now?');
  await expect(dialog.getByRole('button', { name: 'Browse Tours' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, login now' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("image fallbacks: 'Image Not Found' when an image fails to load, 'No Image' when a tour has none", async ({
  page,
  request,
}) => {
  const tour = await tourByTitle(request, MIGRATION);
  // Every uploaded image fails: the cards and the detail image fall back to the labelled placeholder.
  await page.route('**/uploads/**', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.goto('/tours');
  const card = page.getByTestId('tour-card').filter({ hasText: tour.title });
  await expect(card.getByTestId('tour-image-fallback')).toHaveText('Image Not Found');
  await card.getByRole('link').click();
  await expect(page.locator('.tour-header').getByRole('img', { name: tour.title })).toHaveText('Image Not Found');
  await page.unroute('**/uploads/**');

  // The same tour without any image (bg and images empty) shows 'No Image'.
  await renderInBrowser(page);
  await page.route('**/graphql', async (route) => {
    if (!route.request().postData()?.includes('TourDetail')) return route.fallback();
    const res = await route.fetch();
    const body = await res.json();
    body.data.tour = { ...body.data.tour, bg: null, images: [] };
    return route.fulfill({ response: res, json: body });
  });
  await page.goto(`/tour/${tour.id}`);
  await expect(page.locator('.tour-header').getByRole('img', { name: tour.title })).toHaveText('No Image');
  await page.screenshot({ path: test.info().outputPath('tour-detail-no-image.png'), fullPage: true });
});

test('a discounted tour strikes through its original price with the percent off; a far departure gets the early-bird line', async ({
  page,
  request,
}) => {
  const machame = await tourByTitle(request, 'Kilimanjaro Machame Route – 7 Days');
  await page.goto(`/tour/${machame.id}`);
  const price = page.getByTestId('tour-price');
  await expect(price.locator('.tour-header__now')).toHaveText('$2,340.00');
  await expect(price.locator('s')).toHaveText('$2,600.00');
  await expect(price.locator('.badge--off')).toHaveText('10% OFF');
  // Departing in under six months: no early bird.
  await expect(page.getByTestId('quote-deposit')).toBeVisible();
  await expect(page.getByTestId('quote-early-bird')).toHaveCount(0);

  // The Lemosho trek (a private tour) departs about seven months ahead: 5% off its $3,150 private mid-range price.
  const lemosho = await tourByTitle(request, 'Kilimanjaro Lemosho Route – 8 Days');
  await page.goto(`/tour/${lemosho.id}`);
  await expect(page.getByLabel('Booking Type')).toHaveValue('private');
  await expect(page.getByTestId('quote-price')).toHaveText('$3,150.00');
  const early = page.getByTestId('quote-early-bird');
  await expect(early).toContainText('Early bird (5% off, 6+ months ahead)');
  await expect(early).toContainText('−$157.50');
  await page.getByLabel('Booking Type').selectOption('group');
  await expect(early).toContainText('−$137.50');
  await expect(page.getByTestId('tour-price').locator('s')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('tour-detail-early-bird.png'), fullPage: true });
});
