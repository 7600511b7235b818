import { expect, test } from './test.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config.js';
import { gql, loginViaApi, loginViaUi, registerViaApi, seriousAxeViolations, uniqueEmail } from './support.js';

/** A day n days from today (UTC), YYYY-MM-DD. */
function inDays(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The first day from n days ahead in the sample schedules' peak season (16 May to 14 March), which
 * the fees below are of: a day in low season moves to 16 May.
 */
function peakDayFrom(n: number): string {
  const day = inDays(n);
  const md = day.slice(5);
  return md >= '03-15' && md <= '05-15' ? `${day.slice(0, 4)}-05-16` : day;
}

/** The day `years` years before `day` (YYYY-MM-DD). */
function yearsBefore(day: string, years: number): string {
  return `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
}

const CREATE_TOUR = 'mutation($input: TourInput!) { createTour(input: $input) { tour { id title } } }';

test('a family of three books a Serengeti–Ngorongoro safari priced for its party, then names everyone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Three days in the parks: Serengeti with a night inside, then Ngorongoro with a night inside, then the crater.
  const title = `Serengeti & Ngorongoro Family Safari ${Date.now()}`;
  const admin = await loginViaApi(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { createTour } = await gql<{ createTour: { tour: { id: string } } }>(
    request,
    CREATE_TOUR,
    {
      input: {
        title,
        description: 'Three days in the Serengeti and the Ngorongoro Crater for families.',
        price: '1200',
        country: 'Tanzania',
        destination: 'serengeti',
        durationDays: 3,
        durationNights: 2,
        capacity: 12,
        bookingType: 'group',
        status: 'active',
        itinerary: [
          { day: 1, title: 'Into the Serengeti', parkArea: 'SERENGETI_NP', overnight: 'CONCESSION' },
          { day: 2, title: 'To the crater rim', parkArea: 'NGORONGORO_CA', overnight: 'CONCESSION' },
          { day: 3, title: 'Crater floor', parkArea: 'NGORONGORO_CA' },
        ],
      },
    },
    admin,
  );
  const email = uniqueEmail('family');
  await registerViaApi(request, 'Ingrid Larsen', email, 'family-2026');
  await loginViaUi(page, email, 'family-2026');

  await page.goto(`/tour/${createTour.tour.id}`);
  await page.getByRole('button', { name: 'Book Tour' }).click();
  const modal = page.getByRole('dialog', { name: `Book ${title}` });
  // Two months ahead or more, in peak season: inside the sample fee schedules (this fee year and the
  // next), and long before the travellers' deadline.
  const start = peakDayFrom(60);
  await modal.getByLabel('Start Date').fill(start);
  await modal.getByLabel('Number of People').fill('3');
  const lead = modal.getByRole('group', { name: 'Lead traveller' });
  await lead.getByLabel('Date of birth').fill('1984-03-09');
  await lead.getByLabel('Nationality').fill('Norwegian');
  await lead.getByLabel('Residency').selectOption('NON_RESIDENT');

  // Priced first for three non-resident adults, then the 12-year-old pays the child fees. Sample
  // fees, VAT 18%: an adult pays $70 a day in each area and $60 a night inside, a child $20 and $10.
  const fees = modal.getByTestId('park-fees');
  const total = fees.getByTestId('park-fees-total');
  const party = modal.getByTestId('party-picker');
  await expect(party.getByRole('group')).toHaveCount(3);
  await expect(total).toHaveText('$1,168.20');
  await party.getByRole('group', { name: 'Traveller 3' }).getByLabel('Age').selectOption('CHILD');
  await expect(total).toHaveText('$873.20');
  await expect(fees).toContainText('Serengeti National Park');
  await expect(fees).toContainText('Ngorongoro Conservation Area');
  await expect(fees).toContainText('For the travellers given, VAT included.');
  // Three at $1,200 plus the parks' fees: the deposit and balance are of this grand total.
  await expect(modal.getByTestId('booking-grand-total')).toHaveText('$4,473.20');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('booking-modal-party.png') });
  // On a phone the party's rows fit the screen's width.
  await page.setViewportSize({ width: 375, height: 812 });
  await party.scrollIntoViewIfNeeded();
  expect(await seriousAxeViolations(page)).toEqual([]);
  const pickerBox = (await party.boundingBox())!;
  expect(pickerBox.x + pickerBox.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('booking-modal-party-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await modal.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByTestId('booking-banner')).toBeVisible();

  // My Bookings: the fees frozen with the booking, the lead as given in the form, the others still to be told.
  await page.goto('/my-bookings');
  const card = page.getByTestId('my-booking').filter({ hasText: title });
  await expect(card.getByTestId('booking-park-fees')).toHaveText('$873.20');
  await expect(card.getByTestId('booking-grand-total')).toHaveText('$4,473.20');
  const travellers = card.getByTestId('travellers');
  await expect(travellers).toContainText('Ingrid Larsen');
  await expect(travellers).toContainText('Norwegian');
  const missing = travellers.getByTestId('travellers-missing');
  await expect(missing).not.toContainText('Traveller 1');
  await expect(missing).toContainText('Traveller 2: full name');
  await expect(missing).toContainText('Traveller 3: full name');
  await expect(travellers.getByTestId('travellers-due')).toContainText('You can add or change travellers until');

  await travellers.getByRole('button', { name: /^Add travellers/ }).click();
  const form = travellers.getByRole('form', { name: `Travellers for ${title}` });
  const first = form.getByRole('group', { name: 'Traveller 1 (lead)' });
  await expect(first.getByLabel('Full name')).toBeFocused();
  await expect(first.getByLabel('Full name')).toHaveValue('Ingrid Larsen');
  await expect(first.getByLabel('Date of birth')).toHaveValue('1984-03-09');
  await expect(first.getByLabel('Residency')).toHaveValue('NON_RESIDENT');
  await first.getByLabel('Passport number (optional)').fill('NO1234567');

  await form.getByRole('button', { name: 'Add traveller 2 of 3' }).click();
  const second = form.getByRole('group', { name: 'Traveller 2' });
  await second.getByLabel('Full name').fill('Erik Larsen');
  await second.getByLabel('Date of birth').fill('1982-11-30');
  await second.getByLabel('Nationality').fill('Norwegian');
  await second.getByLabel('Residency').selectOption('NON_RESIDENT');

  await form.getByRole('button', { name: 'Add traveller 3 of 3' }).click();
  await expect(form.getByRole('button', { name: /^Add traveller/ })).toHaveCount(0);
  const third = form.getByRole('group', { name: 'Traveller 3' });
  await third.getByLabel('Full name').fill('Sofie Larsen');
  // A date of birth in the future is refused next to the field, before anything is sent.
  await third.getByLabel('Date of birth').fill(inDays(3));
  await form.getByRole('button', { name: 'Save travellers' }).click();
  await expect(third.getByText('The date of birth cannot be in the future')).toBeVisible();
  await expect(third.getByLabel('Date of birth')).toBeFocused();
  await third.getByLabel('Date of birth').fill(yearsBefore(start, 12));
  await third.getByLabel('Nationality').fill('Norwegian');
  await third.getByLabel('Residency').selectOption('NON_RESIDENT');
  await third.getByLabel('Dietary needs').fill('No nuts');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('my-bookings-travellers-form.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('my-bookings-travellers-form-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: 'Save travellers' }).click();

  await expect(travellers.getByTestId('travellers-status')).toHaveText('Travellers saved.');
  await expect(travellers.getByTestId('travellers-missing')).toHaveText('Every traveller’s details are in.');
  await expect(travellers.getByRole('listitem')).toHaveCount(3);
  await expect(travellers).toContainText('Sofie Larsen');
  await expect(travellers).toContainText('diet: No nuts');
  // The list says a passport was given without showing its number.
  await expect(travellers).toContainText('passport given');
  await expect(travellers).not.toContainText('NO1234567');
  await expect(travellers.getByRole('button', { name: /^Edit travellers/ })).toBeFocused();

  // Saved on the server: a fresh page shows the same list.
  await page.reload();
  await expect(card.getByTestId('travellers').getByRole('listitem')).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('my-bookings-travellers.png'), fullPage: true });
});
