import { expect, test } from './test.js';

test('/about tells who the operator is', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Tembea');
  await expect(page).toHaveTitle(/About us/);
  await page.screenshot({ path: test.info().outputPath('about.png'), fullPage: true });
});

test('/blog has tips, best time, the 5% early-bird offer, the deposit and cancellation policy and testimonials', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Support Us' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { name: 'Travel tips', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Best time to visit' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Save 5% when you book at least 6 months ahead' })).toBeVisible();
  await expect(page.getByText(/non-refundable deposit of 3%/)).toBeVisible();
  await expect(page.getByText(/balance is due 30 days before departure/)).toBeVisible();
  await expect(page.getByText(/30 or more days before departure.*full refund minus transaction fees/)).toBeVisible();
  await expect(page.getByText('Later cancellations may incur charges.')).toBeVisible();
  await expect(page.locator('.testimonial')).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('blog.png'), fullPage: true });
});

test('/contact-us sends a message, thanks the visitor and reloads', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByText('Quotes within 2 hours during business hours.')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Mon-Fri: 8:00 - 18:00')).toBeVisible();
  await expect(main.getByText('Weekends: 9:00 - 16:00')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('contact.png'), fullPage: true });
  await page.getByLabel('Name', { exact: true }).fill('Neema Mushi');
  await page.getByLabel('Email', { exact: true }).fill('neema@example.com');
  await page.getByLabel('Message', { exact: true }).fill('We are four adults looking at a 6-day safari in July.');
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
  await reloaded;
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
});

test('/contact-us shows the failure text when sending fails', async ({ page }) => {
  await page.route('**/graphql', (route) =>
    route.request().postData()?.includes('SendContactMessage')
      ? route.fulfill({ status: 500, body: 'down' })
      : route.fallback(),
  );
  await page.goto('/contact-us');
  await page.getByLabel('Name', { exact: true }).fill('Neema');
  await page.getByLabel('Email', { exact: true }).fill('neema@example.com');
  await page.getByLabel('Message', { exact: true }).fill('Hello');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Oops! Something went wrong. Please try again.')).toBeVisible();
});

test("/contact-us shows the server's reason when it refuses the address", async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByLabel('Name', { exact: true }).fill('Neema');
  // The browser accepts a@b as an email; the server asks for a real domain.
  await page.getByLabel('Email', { exact: true }).fill('neema@localhost');
  await page.getByLabel('Message', { exact: true }).fill('Hello');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Oops! Something went wrong. Please try again.');
  await expect(alert).toContainText('Please enter a valid email address');
});

test('/unauthorized shows the 403 text and a way home', async ({ page }) => {
  await page.goto('/unauthorized');
  await expect(page.getByRole('heading', { name: '403 - Unauthorized' })).toBeVisible();
  await expect(
    page.getByText(
      'You do not have permission to access this page. Please contact the administrator if you believe this is an error.',
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
