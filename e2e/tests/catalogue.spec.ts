import { expect, test, type APIRequestContext } from './test.js';
import { renderInBrowser } from './support.js';

async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await request.post('/graphql', { data: { query, variables } });
  expect(res.ok()).toBe(true);
  const body = await res.json();
  expect(body.errors).toBeUndefined();
  return body.data as T;
}

const countOf = (request: APIRequestContext, filter: Record<string, unknown>, search?: string) =>
  gql<{ tours: { totalCount: number } }>(
    request,
    'query($f: TourFilter, $s: String) { tours(filter: $f, search: $s, first: 1) { totalCount } }',
    { f: filter, s: search ?? null },
  ).then((d) => d.tours.totalCount);

test('/tours: status buttons, search, load more', async ({ page, request }) => {
  const all = await countOf(request, {});
  const featured = await countOf(request, { featured: true });
  expect(all).toBeGreaterThan(12);
  await page.goto('/tours');
  await expect(page).toHaveTitle(/All Tours/);
  const cards = page.getByTestId('tour-card');
  await expect(cards).toHaveCount(12);
  await expect(page.locator('.tours-count')).toHaveText(`${all} tours`);
  await expect(cards.first().locator('.tour-card__price')).toContainText(/\$|Contact for pricing/);
  await expect(cards.first().locator('.stars__count')).toHaveText(/\(\d+\+?\)/);

  await page.getByRole('button', { name: 'Load more tours' }).click();
  await expect(cards).toHaveCount(24);
  const ids = await cards.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(ids).size).toBe(24);

  const buttons = ['All Tours', 'Featured', 'Popular', 'Trending'];
  await expect(page.getByRole('button', { name: 'All Tours' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Featured' }).click();
  await expect(page.getByRole('button', { name: 'Featured' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'All Tours' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.tours-count')).toHaveText(`${featured} tours`);
  await expect(cards).toHaveCount(Math.min(featured, 12));
  for (const name of buttons) await expect(page.getByRole('button', { name })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('tours-featured.png'), fullPage: true });

  await page.getByRole('button', { name: 'All Tours' }).click();
  const kili = await countOf(request, {}, 'Kilimanjaro');
  await page.getByLabel('Search tours').fill('Kilimanjaro');
  await expect(page.locator('.tours-count')).toHaveText(`${kili} ${kili === 1 ? 'tour' : 'tours'}`);
  await expect(cards.first()).toContainText(/Kilimanjaro/i);
  await page.getByLabel('Search tours').fill('qqqzzzxx');
  await expect(page.getByText('No tours match “qqqzzzxx”.')).toBeVisible();

  await cards.first().waitFor({ state: 'detached' });
  await page.getByLabel('Search tours').fill('');
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/tour\/\d+$/);
});

test('/tours shows the load error with Try Again', async ({ page }) => {
  // The server renders the page with its data: the browser must render it to meet the failing request.
  await renderInBrowser(page);
  let fail = true;
  await page.route('**/graphql', async (route) => {
    if (fail && route.request().postData()?.includes('CatalogueTours'))
      return route.fulfill({ status: 500, body: 'down' });
    return route.fallback();
  });
  await page.goto('/tours');
  await expect(page.getByText('Failed to load tours. Please try again later.')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByTestId('tour-card')).toHaveCount(12);
});

test('/tourfilter: Day Trips title, count, card contents and the empty text', async ({ page, request }) => {
  const dayTrips = await countOf(request, { durationDays: 1, durationNights: 0, dayTrip: true });
  await page.goto('/tourfilter?durationDays=1&durationNights=0&dayTrip=true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Day Trips');
  await expect(page).toHaveTitle(/Day Trips/);
  await expect(page.getByTestId('tours-found')).toHaveText(`${dayTrips} Tours Found`);
  const cards = page.getByTestId('filter-card');
  await expect(cards).toHaveCount(Math.min(dayTrips, 12));
  const first = cards.first();
  await expect(first.getByRole('heading')).not.toBeEmpty();
  await expect(first.locator('.filter-card__meta')).toContainText('1 day');
  await expect(first.locator('.filter-card__price')).toHaveText(/^\$[\d,]+(\.\d\d)?$|Contact for pricing|From \$/);
  await expect(first.locator('.filter-card__tags .badge')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('day-trips.png'), fullPage: true });

  await page.goto('/tourfilter?bookingType=group&destination=serengeti');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Filtered Tours');
  const n = await countOf(request, { bookingType: 'group', destination: 'serengeti' });
  await expect(page.getByTestId('tours-found')).toHaveText(`${n} Tours Found`);
  await expect(page.getByTestId('filter-card').locator('.badge--featured').first()).toHaveText('Featured');

  await page.goto('/tourfilter?destination=atlantis');
  await expect(page.getByText('No tours match your filters.')).toBeVisible();
  await expect(page.getByTestId('tours-found')).toHaveText('0 Tours Found');
});

test('/tourfilter: a malformed link widens the list instead of failing it', async ({ page, request }) => {
  const all = await countOf(request, {});
  const serengeti = await countOf(request, { destination: 'serengeti' });
  await page.goto('/tourfilter?bookingType=bus&departureTime=2027-02-30&durationDays=99999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Filtered Tours');
  await expect(page.getByTestId('tours-found')).toHaveText(`${all} Tours Found`);
  await expect(page.getByText('Failed to load tours. Please try again later.')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  await page.goto('/tourfilter?destination=serengeti&bookingType=Group&returnTime=2027-13-45');
  const group = await countOf(request, { destination: 'serengeti', bookingType: 'group' });
  expect(group).toBeLessThanOrEqual(serengeti);
  await expect(page.getByTestId('tours-found')).toHaveText(`${group} Tours Found`);
  await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('listitem')).toHaveText([
    'Destination: serengeti',
    'Booking type: group',
  ]);
});

test('/tourfilter pages through many tours with load more', async ({ page, request }) => {
  const all = await countOf(request, {});
  await page.goto('/tourfilter');
  await expect(page.getByTestId('tours-found')).toHaveText(`${all} Tours Found`);
  const cards = page.getByTestId('filter-card');
  await expect(cards).toHaveCount(12);
  while (await page.getByRole('button', { name: 'Load more tours' }).isVisible()) {
    const before = await cards.count();
    await page.getByRole('button', { name: 'Load more tours' }).click();
    await expect(cards).not.toHaveCount(before);
  }
  await expect(cards).toHaveCount(all);
});

test('/filtered: duration, type and count text, and No Tours Found', async ({ page, request }) => {
  const n = await countOf(request, { durationDays: 1, durationNights: 0, travelType: 'Cultural' });
  await page.goto('/filtered?durationDays=1&durationNights=0&travelType=Cultural');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Filtered Tours');
  await expect(page.getByTestId('filtered-duration')).toHaveText('1 day / 0 nights');
  await expect(page.getByTestId('filtered-type')).toHaveText('Cultural');
  expect(n).toBeGreaterThan(0);
  await expect(page.getByTestId('filtered-count')).toHaveText(`${n} Tours Found`);
  await expect(page.getByTestId('tour-card')).toHaveCount(Math.min(n, 12));
  await page.screenshot({ path: test.info().outputPath('filtered.png'), fullPage: true });

  await page.goto('/filtered?durationDays=40');
  await expect(page.getByText('No Tours Found')).toBeVisible();
});

test('/tours sorts through the server: cheapest and best rated first', async ({ page, request }) => {
  const first = (sort: string) =>
    gql<{ tours: { nodes: { title: string }[] } }>(
      request,
      'query($s: TourSort) { tours(sort: $s, first: 1) { nodes { title } } }',
      { s: sort },
    ).then((d) => d.tours.nodes[0]!.title);
  await page.goto('/tours');
  const cards = page.getByTestId('tour-card');
  await expect(cards).toHaveCount(12);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(cards.first().getByRole('heading')).toHaveText(await first('PRICE_ASC'));
  await page.getByLabel('Sort by').selectOption({ label: 'Top rated' });
  await expect(cards.first().getByRole('heading')).toHaveText(await first('RATING_DESC'));
});
