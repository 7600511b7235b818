import { expect, test } from '@playwright/test';

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
  await page.screenshot({ path: test.info().outputPath('home-to-tour.png'), fullPage: true });
  expect(title.length).toBeGreaterThan(0);
});

test('a reload of a deep link serves the app', async ({ page }) => {
  const res = await page.goto('/admin/bookings');
  expect(res?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
});
