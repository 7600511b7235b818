import { expect, test, type Page } from './test.js';
import { renderInBrowser } from './support.js';

const activeEyebrow = (page: Page) =>
  page.locator('[data-testid="hero-slide"][aria-hidden="false"] .hero-slide__eyebrow');

test('the home page shows 10 tour cards and a card opens its tour', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByTestId('tour-card');
  await expect(cards).toHaveCount(10);
  const first = cards.first();
  await expect(first.getByRole('heading')).not.toBeEmpty();
  await expect(first.locator('.tour-card__price')).toContainText('$');
  await expect(first.locator('.stars')).toBeVisible();
  const title = await first.getByRole('heading').innerText();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/tour\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.screenshot({ path: test.info().outputPath('home-to-tour.png'), fullPage: true });
});

test('a reload of a deep link serves the app', async ({ page }) => {
  const res = await page.goto('/admin/bookings');
  expect(res?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('the hero slideshow advances every 4 s in order, wraps, and pauses', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await page.mouse.move(5, 5);
  await expect(activeEyebrow(page)).toHaveText('Kilimanjaro');
  await page.clock.runFor(4000);
  await expect(activeEyebrow(page)).toHaveText('Serengeti Migration');
  await page.clock.runFor(4000);
  await expect(activeEyebrow(page)).toHaveText('Zanzibar');
  await page.clock.runFor(4000);
  await expect(activeEyebrow(page)).toHaveText('Kilimanjaro');

  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  await page.mouse.move(5, 5);
  await page.clock.runFor(12000);
  await expect(activeEyebrow(page)).toHaveText('Kilimanjaro');
  await page.getByRole('button', { name: 'Play slideshow' }).click();
  await page.mouse.move(5, 5);
  await page.clock.runFor(4000);
  await expect(activeEyebrow(page)).toHaveText('Serengeti Migration');

  // Hovering the slides holds the current one.
  await page.locator('.hero-slideshow').hover();
  await page.clock.runFor(8000);
  await expect(activeEyebrow(page)).toHaveText('Serengeti Migration');
  await page.mouse.move(5, 5);

  const explore = page
    .locator('[data-testid="hero-slide"][aria-hidden="false"]')
    .getByRole('link', { name: 'Explore Now' });
  await explore.click();
  await expect(page).toHaveURL(/\/tours$/);
});

test('the search card sends only the filled fields to /tourfilter', async ({ page }) => {
  await page.goto('/');
  const destination = page.getByLabel('Destination', { exact: true });
  await expect(destination).toBeEnabled();
  await expect(page.getByLabel('Travel Type')).toBeEnabled();
  await expect(destination.locator('option').first()).toHaveText('All Destinations');
  await expect(page.getByLabel('Travel Type').locator('option').first()).toHaveText('All Travel Types');
  await destination.selectOption('zanzibar');
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(page.getByLabel('Departure Date')).toHaveAttribute('min', today);
  await page.getByLabel('Departure Date').fill('2099-02-01');
  await expect(page.getByLabel('Return Date')).toHaveAttribute('min', '2099-02-01');
  await page.getByRole('button', { name: 'Find Tours' }).click();
  await expect(page).toHaveURL(/\/tourfilter\?destination=zanzibar&departureTime=2099-02-01$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Filtered Tours');
});

test('WHAT WE OFFER links: SEE DAY TRIPS, pre-made and group safaris', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'WHAT WE OFFER' })).toBeVisible();
  await page.getByRole('link', { name: 'SEE DAY TRIPS' }).click();
  await expect(page).toHaveURL(/\/tourfilter\?durationDays=1&durationNights=0&dayTrip=true$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Day Trips');
  await expect(page.getByTestId('tours-found')).toHaveText(/^\d+ Tours? Found$/);
  await page.goBack();
  await page.getByRole('link', { name: 'See group safaris' }).click();
  await expect(page).toHaveURL(/\/tourfilter\?bookingType=group$/);
  await page.goBack();
  await page.getByRole('link', { name: 'See pre-made safaris' }).click();
  await expect(page).toHaveURL(/\/tours$/);
});

test('top destinations, stories and the January migration trip are on the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#destinations').getByRole('listitem')).toHaveCount(12);
  await expect(page.getByTestId('story-card')).toHaveCount(4);
  await expect(page.getByRole('heading', { name: /Great Migration group trip – January/ })).toBeVisible();
  await expect(page.getByText(/autumn group trip is coming soon/)).toBeVisible();
  for (const id of ['about', 'tours', 'destinations']) await expect(page.locator(`#${id}`)).toHaveCount(1);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Destinations' }).click();
  await expect(page).toHaveURL(/\/#destinations$/);
  await expect(page.locator('#destinations')).toBeInViewport();
});

test('the navigation bar and its destinations popup work by mouse and keyboard', async ({ page }) => {
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Tours', 'About', 'Blog', 'Contacts'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: /\+255/ })).toHaveAttribute('href', /^tel:/);
  await expect(nav.getByRole('button', { name: /Profile/ })).toBeVisible();

  const trigger = nav.getByRole('button', { name: 'Destinations' });
  await trigger.hover();
  const panel = page.getByRole('region', { name: 'Destinations' });
  await expect(panel).toBeVisible();
  for (const zone of ['Lake Zone', 'Coast Zone', 'Eastern Zone', 'Northern Zone'])
    await expect(panel.getByRole('heading', { name: zone })).toBeVisible();
  await expect(panel.locator('.destinations-zone li')).toHaveCount(20);
  await panel.getByRole('button', { name: 'Serengeti' }).click();
  await expect(panel.getByRole('heading', { name: 'Serengeti' })).toBeVisible();
  await expect(panel.getByText('Best time to visit')).toBeVisible();
  await expect(panel.getByText('Famous for')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Highlights' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Activities' })).toBeVisible();
  await panel.getByRole('button', { name: 'Back to Zones' }).click();
  await expect(panel.getByRole('heading', { name: 'Northern Zone' })).toBeVisible();
  await page.mouse.move(5, 400);
  await expect(panel).toBeHidden();

  // Keyboard: open with Enter, pick with Enter, back, and Escape closes with focus on the trigger.
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Mwanza' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { name: 'Mwanza' })).toBeFocused();
  await panel.getByRole('button', { name: 'Back to Zones' }).press('Enter');
  await expect(panel.getByRole('button', { name: 'Mwanza' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('nav.png') });
});

test('the mobile menu mirrors the navigation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Tours', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  for (const name of ['Home', 'Tours', 'About', 'Blog', 'Contacts'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await nav.getByRole('button', { name: 'Destinations' }).click();
  await nav.getByRole('button', { name: 'Zanzibar' }).click();
  await expect(nav.getByRole('heading', { name: 'Zanzibar' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mobile-menu.png'), fullPage: true });
  await nav.getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toBeHidden();
});

test('a failed tour load leaves an empty grid; failed search options fall back to the built-in lists', async ({
  page,
}) => {
  await renderInBrowser(page);
  await page.route('**/graphql', (route) => {
    const body = route.request().postData() ?? '';
    if (body.includes('HomeTours') || body.includes('HomeSearchOptions'))
      return route.fulfill({ status: 500, body: 'down' });
    return route.fallback();
  });
  await page.goto('/');
  await expect(page.getByLabel('Destination', { exact: true })).toBeEnabled();
  await expect(page.getByLabel('Destination', { exact: true }).locator('option')).toHaveCount(13);
  await expect(page.getByTestId('tour-card-skeleton')).toHaveCount(0);
  await expect(page.getByTestId('tour-card')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
