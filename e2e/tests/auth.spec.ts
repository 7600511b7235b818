import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './test.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config.js';
import { loginViaUi, newestMailTo, registerViaApi, uniqueEmail } from './support.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('sign up, log in, see the profile, upload a picture and log out', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Neema Joseph Kimaro');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+255 754 222 333');
  await page.getByLabel('Password', { exact: true }).fill('serengeti-2025');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Account created successfully! Redirecting to login...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The login screen loads on demand: until it shows, the sign-up form (with its own Email field) stays on screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('serengeti-2025');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Welcome!' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [!!localStorage.getItem('token'), !!localStorage.getItem('refreshToken')])).toEqual([
    true,
    true,
  ]);

  await page.getByRole('button', { name: 'Profile of Neema Joseph Kimaro' }).click();
  const modal = page.getByRole('dialog', { name: 'My Profile' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(email)).toBeVisible();
  await expect(modal.locator('dt:has-text("First name") + dd')).toHaveText('Neema');
  await expect(modal.locator('dt:has-text("Last name") + dd')).toHaveText('Joseph Kimaro');
  await expect(modal.locator('dt:has-text("Phone") + dd')).toHaveText('+255 754 222 333');
  await expect(modal.getByText('Admin', { exact: true })).toHaveCount(0);

  // A text file named like a picture is refused as soon as it is picked, from its bytes.
  const picker = modal.getByLabel('Profile picture');
  await picker.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('my travel notes, not a picture'),
  });
  await expect(modal.getByRole('alert')).toContainText('Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).');
  await expect(modal.getByRole('button', { name: 'Upload Picture' })).toHaveCount(0);
  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(modal.getByRole('alert')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Upload Picture' }).click();
  await expect(modal.getByText('Profile picture updated.')).toBeVisible();
  await expect(page.locator('.navbar__profile img')).toHaveAttribute('src', /\/uploads\//);
  await page.screenshot({ path: test.info().outputPath('profile-modal.png') });

  await modal.getByRole('tab', { name: 'Logout' }).click();
  await modal.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')])).toEqual([
    null,
    null,
  ]);
  await expect(page.getByRole('button', { name: 'Profile', exact: true })).toBeVisible();
});

test('forgot password mails a link that resets the password', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await registerViaApi(request, 'Juma Mrisho', email, 'old-password-1');

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If the email exists, a reset link has been sent. Please check your inbox.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

  let mail: string | null = null;
  await expect.poll(() => (mail = newestMailTo(email))).not.toBeNull();
  const link = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>&]+/.exec(mail!)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);

  await page.getByLabel('New password', { exact: true }).fill('new-password-2');
  await page.getByLabel('Confirm password', { exact: true }).fill('new-password-3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm password', { exact: true }).fill('new-password-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Redirecting to login...' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The login screen loads on demand: until it shows, the sign-up form (with its own Email field) stays on screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('old-password-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Login Failed' })).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.getByLabel('Password', { exact: true }).fill('new-password-2');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Welcome!' })).toBeVisible();
});

test('a reset page without a token asks for a new link', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid reset link. Please request a new password reset.')).toBeVisible();
  await page.getByRole('link', { name: 'Request a new reset link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('an admin lands on /admin and sees the Admin badge', async ({ page }) => {
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: /^Profile of / }).click();
  await expect(page.getByRole('dialog', { name: /My Profile/ }).getByText('Admin', { exact: true })).toBeVisible();
});

test('the admin pages send a visitor to /login and a non-admin to /unauthorized', async ({ page, request }) => {
  await page.goto('/admin/bookings');
  await expect(page).toHaveURL(/\/login$/);

  const email = uniqueEmail('plain');
  await registerViaApi(request, 'Plain User', email, 'plain-password-1');
  await loginViaUi(page, email, 'plain-password-1');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: '403 - Unauthorized' })).toBeVisible();
});

test('a logged-out click on the profile icon asks to log in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Profile', exact: true }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Login Required' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a reload keeps the session and an expired access token is refreshed transparently', async ({ page, request }) => {
  const email = uniqueEmail('refresh');
  await registerViaApi(request, 'Rehema Salim', email, 'refresh-password-1');
  await loginViaUi(page, email, 'refresh-password-1');
  await expect(page).toHaveURL(/\/$/);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Profile of Rehema Salim' })).toBeVisible();

  const before = await page.evaluate(() => localStorage.getItem('refreshToken'));
  // An access token that expired a minute ago (never sent: the client must refresh first).
  const expired = await page.evaluate(() => {
    const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const token = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', role: 'user', typ: 'access', exp: Math.floor(Date.now() / 1000) - 60 })}.x`;
    localStorage.setItem('token', token);
    return token;
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Profile of Rehema Salim' })).toBeVisible();
  const after = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')]);
  expect(after[0]).toBeTruthy();
  expect(after[0]).not.toBe(expired);
  expect(after[1]).toBeTruthy();
  expect(after[1]).not.toBe(before);
});

test('a logout in one tab logs out the other tabs', async ({ page, context, request }) => {
  const email = uniqueEmail('tabs');
  await registerViaApi(request, 'Baraka Tabs', email, 'tabs-password-1');
  await loginViaUi(page, email, 'tabs-password-1');
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('button', { name: 'Profile of Baraka Tabs' })).toBeVisible();

  await page.getByRole('button', { name: 'Profile of Baraka Tabs' }).click();
  await page.getByRole('tab', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'My Profile' }).getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(other.getByRole('button', { name: 'Profile', exact: true })).toBeVisible();
});

test('the account screens have no serious accessibility violations', async ({ page }) => {
  // Six axe runs: about 25 s on a busy two-core machine.
  test.setTimeout(60_000);
  for (const path of ['/login', '/signup', '/forgot-password', '/reset-password?token=x', '/reset-password']) {
    await page.goto(path);
    await expect(page.locator('.account-card h1')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).include('.account-card').analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${path}: ${v.id}`),
    ).toEqual([]);
  }
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const failed = page.getByRole('alertdialog', { name: 'Login Failed' });
  await expect(failed).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('.dialog').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(failed).toBeHidden();
});
