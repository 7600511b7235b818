import { expect, test, type Page } from './test.js';
import { gql, type ListedTour } from './support.js';

interface CatalogueTour extends ListedTour {
  destination: string;
}

/** The first tours of /tours, in the page's order (the catalogue sort, 12 a page). */
async function cataloguePage(request: Parameters<typeof gql>[0]): Promise<CatalogueTour[]> {
  const data = await gql<{ tours: { nodes: CatalogueTour[] } }>(
    request,
    '{ tours(first: 12, sort: CATALOGUE) { nodes { id title status priceText price destination } } }',
  );
  return data.tours.nodes;
}

/** Console messages of a hydration that went wrong (a production build names the error by number). */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (
      (msg.type() === 'error' || msg.type() === 'warning') &&
      /hydrat|did not match|Minified React error #4(18|19|2[0-5])/i.test(text)
    )
      problems.push(text);
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

test.describe('public pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ and /tours show the tours, /tour/{id} its details', async ({ page, request }) => {
    const tours = await cataloguePage(request);
    expect(tours.length).toBeGreaterThan(3);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Our tours' })).toBeVisible();
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
    await expect(page.getByTestId('tour-card-skeleton')).toHaveCount(0);

    await page.goto('/tours');
    await expect(page.getByRole('heading', { level: 1, name: 'All Tours' })).toBeVisible();
    const titles = page.getByTestId('tour-card').locator('.tour-card__title');
    await expect(titles).toHaveText(tours.map((t) => t.title));

    const tour = tours[0]!;
    await page.goto(`/tour/${tour.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tour.title);
    await expect(page.locator('.tour-facts')).toContainText(new RegExp(tour.destination, 'i'));
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle(`${tour.title} – Tembea`);
  });

  test('the filtered lists and the content pages arrive with their content', async ({ page, request }) => {
    const tour = (await cataloguePage(request))[0]!;
    await page.goto(`/tourfilter?destination=${encodeURIComponent(tour.destination)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Filtered Tours' })).toBeVisible();
    await expect(page.getByTestId('tours-found')).toBeVisible();
    await expect(page.locator('.filter-grid')).toContainText(tour.title);

    await page.goto('/filtered');
    await expect(page.getByRole('heading', { level: 1, name: 'Filtered Tours' })).toBeVisible();
    await expect(page.getByTestId('tour-card').first()).toBeVisible();

    for (const [path, heading] of [
      ['/about', 'About Tembea'],
      ['/blog', 'Travel tips & support'],
      ['/contact-us', 'Contact us'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    }
  });

  test('a missing tour is the not-found page with status 404', async ({ page }) => {
    const res = await page.goto('/tour/987654321');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Tour Not Found' })).toBeVisible();
  });

  test('account and admin pages stay the SPA shell', async ({ page }) => {
    const res = await page.goto('/login');
    expect(res?.status()).toBe(200);
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test.describe('public pages with JavaScript', () => {
  test('/tours hydrates from the embedded data without a mismatch, and links stay client-side', async ({
    page,
    request,
  }) => {
    const tours = await cataloguePage(request);
    const problems = watchHydration(page);
    const queries: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/graphql')) queries.push(r.postData() ?? r.url());
    });

    await page.goto('/tours');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('tour-card').locator('.tour-card__title')).toHaveText(tours.map((t) => t.title));
    // The cache came with the page: hydration asked the server for nothing.
    expect(queries).toEqual([]);
    // Hydrated: the status filter reacts.
    await page.getByRole('button', { name: 'Featured', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Featured', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'All Tours', exact: true }).click();

    await page.evaluate(() => {
      (window as unknown as { ssrMarker: number }).ssrMarker = 42;
    });
    const tour = tours[0]!;
    await page.getByTestId('tour-card').filter({ hasText: tour.title }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/tour/${tour.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tour.title);
    expect(await page.evaluate(() => (window as unknown as { ssrMarker?: number }).ssrMarker)).toBe(42);
    expect(problems).toEqual([]);
  });

  test('/, a tour page and the content pages hydrate without a mismatch', async ({ page, request }) => {
    const tour = (await cataloguePage(request))[0]!;
    const problems = watchHydration(page);
    for (const path of [
      '/',
      `/tour/${tour.id}`,
      '/about',
      '/blog',
      '/contact-us',
      `/tourfilter?destination=${encodeURIComponent(tour.destination)}`,
      '/filtered',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    // The tour page's tabs work once hydrated.
    await page.goto(`/tour/${tour.id}`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('tab', { name: 'Itinerary' }).click();
    await expect(page.getByRole('tab', { name: 'Itinerary' })).toHaveAttribute('aria-selected', 'true');

    await page.evaluate(() => {
      (window as unknown as { ssrMarker: number }).ssrMarker = 7;
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tours', exact: true }).click();
    await expect(page).toHaveURL(/\/tours$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Tours' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { ssrMarker?: number }).ssrMarker)).toBe(7);
    expect(problems).toEqual([]);
  });

  test("a public page asks for the app's scripts only once its first contentful paint is recorded", async ({
    page,
    request,
  }) => {
    const tour = (await cataloguePage(request))[0]!;
    for (const path of ['/', '/tours', `/tour/${tour.id}`]) {
      await page.goto(path);
      // Both times are from the navigation's start, on the browser's own clock.
      const { paintedAt, scripts } = await page.evaluate(() => ({
        paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((r) => new URL(r.name).pathname.endsWith('.js'))
          .map((r) => ({ path: new URL(r.name).pathname, requestedAt: r.startTime })),
      }));
      expect(paintedAt, `${path} records its first contentful paint`).not.toBeNull();
      // The entry at least: the page hydrated, so its scripts were fetched.
      expect(scripts.length, `${path} loads its app`).toBeGreaterThan(0);
      for (const s of scripts)
        expect(s.requestedAt, `${path}: ${s.path} asked for after the first paint`).toBeGreaterThanOrEqual(paintedAt!);
    }
  });
});
