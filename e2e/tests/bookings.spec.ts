import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from './test.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config.js';
import { gql, loginViaApi, loginViaUi, newestMailTo, registerViaApi, tourByTitle, uniqueEmail } from './support.js';

const BEACH = 'Nungwi Beach Escape, Zanzibar';
const SNORKEL = 'Mnemba Atoll Snorkelling & Dolphin Trip';

/** A day n days from today (UTC), YYYY-MM-DD. */
function inDays(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

async function bookViaApi(
  request: APIRequestContext,
  token: string,
  email: string,
  tourId: string,
  startDate: string,
  numberOfPeople: number,
) {
  const data = await gql<{ createBooking: { booking: { id: string } } }>(
    request,
    'mutation($input: BookingInput!) { createBooking(input: $input) { booking { id } } }',
    { input: { tourId, startDate, numberOfPeople, name: 'Zawadi Mollel', email, phone: '+255 713 222 444' } },
    token,
  );
  return data.createBooking.booking.id;
}

test('a new user signs up, logs in, books from a tour page, sees the banner and gets the confirmation mail', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tour = await tourByTitle(request, BEACH);
  const email = uniqueEmail('booker');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Halima Said');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+255 754 333 222');
  await page.getByLabel('Password', { exact: true }).fill('zanzibar-2026');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginViaUi(page, email, 'zanzibar-2026');
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/tour/${tour.id}`);
  await page.getByRole('button', { name: 'Book Tour' }).click();
  const modal = page.getByRole('dialog', { name: `Book ${BEACH}` });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Full Name')).toHaveValue('Halima Said');
  await expect(modal.getByLabel('Email')).toHaveValue(email);
  await expect(modal.getByLabel('Phone')).toHaveValue('+255 754 333 222');
  const start = inDays(45);
  await modal.getByLabel('Start Date').fill(start);
  await modal.getByLabel('Number of People').fill('2');
  await modal.getByLabel('Special Requests').fill('One vegetarian, please.');
  await expect(modal.getByTestId('booking-seats')).toContainText('16 seats left on');
  await expect(modal.getByTestId('booking-total')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await page.screenshot({ path: test.info().outputPath('booking-modal.png'), fullPage: true });

  await modal.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(modal).toBeHidden();
  const banner = page.getByTestId('booking-banner');
  await expect(banner.getByRole('heading', { name: 'Booking Request Received!' })).toBeVisible();
  await expect(banner).toContainText(
    "We've sent a confirmation to your email and will contact you shortly with next steps for your amazing adventure!",
  );
  await expect(page.getByRole('button', { name: 'Book Tour' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('booking-received.png'), fullPage: true });

  let mail: string | null = null;
  await expect.poll(() => (mail = newestMailTo(email, 'Booking request received'))).not.toBeNull();
  expect(mail).toContain(BEACH);
  expect(mail).toContain('Halima Said');

  // The booking is in My bookings, reached from the navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Bookings' }).click();
  await expect(page).toHaveURL(/\/my-bookings$/);
  const card = page.getByTestId('my-booking').filter({ hasText: BEACH });
  await expect(card.getByTestId('booking-status')).toHaveText('Pending');
  await expect(card).toContainText('2 people');
});

test('an admin confirms and completes a booking; the user sees it in My bookings and cancels another', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tour = await tourByTitle(request, SNORKEL);
  const email = uniqueEmail('traveller');
  await registerViaApi(request, 'Zawadi Mollel', email, 'snorkel-2026');
  const token = await loginViaApi(request, email, 'snorkel-2026');
  const tripDate = inDays(50);
  const trip = await bookViaApi(request, token, email, tour.id, tripDate, 3);
  const other = await bookViaApi(request, token, email, tour.id, inDays(70), 1);

  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bookings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings Management' })).toBeVisible();
  await page.getByLabel('Tour', { exact: true }).fill(SNORKEL);
  await expect(page).toHaveURL(new RegExp(`tourId=${tour.id}`));
  const row = page.locator(`[data-testid="booking-row"][data-booking-id="${trip}"]`);
  await expect(row.getByTestId('booking-status')).toHaveText('Pending');
  await expect(row).toContainText('Zawadi Mollel');
  await expect(row).toContainText(email);

  await row.getByRole('button', { name: /^Confirm/ }).click();
  let ask = page.getByRole('alertdialog', { name: 'Confirm Booking' });
  await expect(ask).toContainText('Are you sure you want to confirm this booking?');
  await ask.getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(row.getByTestId('booking-status')).toHaveText('Confirmed');
  await expect(row.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);

  await row.getByRole('button', { name: /^Mark Complete/ }).click();
  ask = page.getByRole('alertdialog', { name: 'Mark Complete' });
  await expect(ask).toContainText('Are you sure you want to mark this booking as completed?');
  await ask.getByRole('button', { name: 'Yes, mark complete' }).click();
  await expect(row.getByTestId('booking-status')).toHaveText('Completed');
  await expect(row.getByRole('button')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('admin-bookings.png'), fullPage: true });
  await expect.poll(() => newestMailTo(email, 'Your booking is Completed')).not.toBeNull();

  // The departure manifest of that tour and date, fetched with the admin's session.
  await page.getByLabel('Manifest tour').fill(SNORKEL);
  await page.getByLabel('Departure date').fill(tripDate);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download manifest (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`manifest-tour-${tour.id}-${tripDate}.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('"Booking","Status","Name","Email","Phone","People"');
  expect(csv).toContain(`"${trip}","Completed","Zawadi Mollel"`);
  await expect(page.getByText(`Downloaded manifest-tour-${tour.id}-${tripDate}.csv.`)).toBeVisible();
  // One line per person booked: Zawadi's booking is for three, only the lead known by name so far.
  expect(csv).toContain('"2 of 3","details not yet given"');

  // The permit list for the park gates, a printable page of the same departure.
  await page.getByRole('link', { name: 'Permit list (print)' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/departures/${tour.id}/${tripDate}/permits$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Park permit list' })).toBeVisible();
  await expect(page.getByText(`${SNORKEL}, departing ${tripDate}.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await page.goBack();

  // The traveller sees the new status and cancels the other booking.
  await page.evaluate(() => localStorage.clear());
  await loginViaUi(page, email, 'snorkel-2026');
  await page.goto('/my-bookings');
  const cards = page.getByTestId('my-booking');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1).getByTestId('booking-status')).toHaveText('Completed');
  await expect(cards.nth(1).getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await expect(cards.nth(0).getByTestId('booking-status')).toHaveText('Pending');
  await cards
    .nth(0)
    .getByRole('button', { name: /^Cancel/ })
    .click();
  const cancel = page.getByRole('alertdialog', { name: 'Cancel Booking' });
  await expect(cancel.getByTestId('refund-terms')).toHaveText(
    'Cancelling 30 or more days before departure gives a full refund minus transaction fees; the 3% deposit is non-refundable.',
  );
  await page.screenshot({ path: test.info().outputPath('my-bookings-cancel.png'), fullPage: true });
  await cancel.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(cancel).toBeHidden();
  await expect(cards.nth(0).getByTestId('booking-status')).toHaveText('Cancelled');
  await expect(page.getByRole('status').filter({ hasText: 'has been cancelled' })).toBeVisible();
  const mine = await gql<{ myBookings: { id: string; status: string }[] }>(
    request,
    '{ myBookings { id status } }',
    {},
    token,
  );
  expect(mine.myBookings.find((b) => b.id === other)?.status).toBe('Cancelled');
});

test('a logged-out visitor is asked to log in, comes back to the tour, and is asked again when the server wants a login', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tour = await tourByTitle(request, BEACH);
  const email = uniqueEmail('visitor');
  await registerViaApi(request, 'Baraka Visitor', email, 'visitor-2026');

  await page.goto('/tours');
  await page.goto(`/tour/${tour.id}`);
  await page.getByRole('button', { name: 'Book Tour' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Login Required' });
  await expect(ask).toContainText('You need to login to book this tour. Would you like to login now?');
  await expect(ask.getByRole('button', { name: 'Browse Tours' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('login-required.png') });
  await ask.getByRole('button', { name: 'Yes, login now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('visitor-2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tour/${tour.id}$`));

  // Signed in now: the modal opens; a session the server refuses brings the prompt back.
  await page.route('**/graphql', (route) => {
    if (!route.request().postData()?.includes('CreateBooking')) return route.fallback();
    return route.fulfill({
      json: {
        data: null,
        errors: [{ message: 'Authentication required. Please login.', extensions: { code: 'UNAUTHENTICATED' } }],
      },
    });
  });
  await page.getByRole('button', { name: 'Book Tour' }).click();
  const modal = page.getByRole('dialog', { name: `Book ${BEACH}` });
  await modal.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('alertdialog', { name: 'Login Required' })).toBeVisible();
  await page.getByRole('button', { name: 'Browse Tours' }).click();
  await expect(page).toHaveURL(/\/tours$/);
});

test('My bookings sends a visitor to log in and back', async ({ page, request }) => {
  const email = uniqueEmail('guarded');
  await registerViaApi(request, 'Juma Guarded', email, 'guarded-2026');
  await page.goto('/my-bookings');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('guarded-2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/my-bookings$/);
  await expect(page.getByRole('heading', { name: 'No bookings yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse Tours' }).click();
  await expect(page).toHaveURL(/\/tours$/);
});
