import { expect, test, type Page } from './test.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config.js';
import { loginViaUi } from './support.js';

// The admin pages list every tour of the demo catalogue: give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** Every Content-Security-Policy violation the page reports, from the console and from the DOM event. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
      violations.push(`${page.url()}: ${m.text()}`);
  });
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`,
      );
    });
  });
  return violations;
}

test('the site loads under its Content-Security-Policy without a single violation', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const [path, ready] of [
    ['/', page.getByRole('heading', { level: 1 })],
    ['/tours', page.getByRole('heading', { level: 1 })],
    ['/tour/1', page.getByRole('heading', { level: 1 })],
    ['/login', page.getByLabel('Email')],
  ] as const) {
    const res = await page.goto(path);
    expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self'");
    await expect(ready.first(), path).toBeVisible();
    // Images (tour photos from /uploads) have loaded or failed by now.
    await page.waitForLoadState('networkidle');
  }
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-status')).toHaveText('Tours loaded successfully');
  for (const path of ['/admin/bookings', '/admin/new']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
  // The watch itself works: an inline script is refused and reported.
  await page.addScriptTag({ content: 'window.inlineRan = true' }).catch(() => undefined);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
});

test('Apollo Sandbox at /graphql runs its inline code under the policy (its CDN files need the network)', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const res = await page.goto('/graphql');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain('https://embeddable-sandbox.cdn.apollographql.com');
  await page.waitForLoadState('domcontentloaded');
  expect(violations).toEqual([]);
});
