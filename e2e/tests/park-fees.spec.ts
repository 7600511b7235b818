import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './test.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config.js';
import { gql, loginViaApi, loginViaUi, newestMailTo, registerViaApi, tourByTitle, uniqueEmail } from './support.js';

// A one-day tour in Lake Manyara National Park, which the sample schedule prices at $50.00 a
// non-resident adult in peak season (16 May to 14 March).
const MANYARA = 'Lake Manyara Flamingos & Tree-Climbing Lions';

/** A fee year's name part, e.g. 2027/28 for the year from 1 July 2027. */
const season = (year: number) => `${year}/${String((year + 1) % 100).padStart(2, '0')}`;

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The editor's fee row of an area for a kind, residency and age band (as its selects show them). */
async function feeAmount(page: Page, areaName: string, kind: string, residency: string, band: string) {
  const areas = page.getByTestId('area-editor');
  const count = await areas.count();
  for (let i = 0; i < count; i++) {
    const a = areas.nth(i);
    if ((await a.getByLabel('Area name').inputValue()) !== areaName) continue;
    const rows = a.getByTestId('fee-row');
    const n = await rows.count();
    for (let j = 0; j < n; j++) {
      const row = rows.nth(j);
      const picked = await Promise.all(
        [/kind$/, /residency$/, /age band$/].map((label) =>
          row.getByLabel(label).evaluate((s: HTMLSelectElement) => s.value),
        ),
      );
      if (picked.join('|') === [kind, residency, band].join('|')) return row.getByLabel(/amount/);
    }
  }
  throw new Error(`No ${kind} ${residency} ${band} fee in ${areaName}`);
}

test('an admin enters next season’s park fees, then applies a fee change to an affected booking', async ({
  page,
  request,
}) => {
  // Two accessibility audits of the schedule editor (a form of a few hundred fields) take up to half a
  // minute each on a slow 2-core machine, on top of the flow itself.
  test.setTimeout(300_000);
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const tour = await tourByTitle(request, MANYARA);

  // The tour's one day is spent in Lake Manyara, as its itinerary editor shows.
  await page.goto(`/admin/edit/${tour.id}`);
  const day = page.getByTestId('itinerary-row').first();
  await expect(day.getByLabel('Protected area')).toHaveValue('LAKE_MANYARA_NP');
  await expect(day.getByLabel('Protected area').locator('option:checked')).toHaveText('Lake Manyara National Park');
  await expect(day.getByLabel('Night inside the area')).toHaveValue('');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Park fees' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Park fees' })).toBeVisible();
  // The demo's sample schedules cover this fee year and the next; next season is the one after.
  const { parkFeeSchedules } = await gql<{ parkFeeSchedules: { name: string; validFrom: string }[] }>(
    request,
    '{ parkFeeSchedules { name validFrom } }',
  );
  const latestSample = parkFeeSchedules.filter((x) => x.name.startsWith('Sample'))[0]!;
  const year = Number(latestSample.validFrom.slice(0, 4)) + 1;
  const next = season(year);
  const sampleRow = page.getByTestId('schedule-row').filter({ hasText: latestSample.name });
  await expect(sampleRow).toContainText('Sample values');

  // Next season: the latest sample schedule copied a year on, saved as the parks publish it.
  await sampleRow.getByRole('link', { name: /^Copy as next season/ }).click();
  const editor = page.getByRole('form', { name: /^Next season, copied from Sample/ });
  await expect(editor.getByLabel('Valid from')).toHaveValue(`${year}-07-01`);
  await expect(editor.getByLabel('Valid to')).toHaveValue(`${year + 1}-06-30`);
  await expect(editor.getByLabel('Schedule name')).toHaveValue(new RegExp(`^Sample ${next}`));
  await expect(page.getByTestId('sample-note')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await editor.getByLabel('Schedule name').fill(next);
  await editor.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText(`Saved the schedule ${next}.`)).toBeVisible();
  await expect(page.getByTestId('schedule-row').filter({ hasText: next }).first()).toContainText(`1 Jul ${year}`);
  await page.screenshot({ path: test.info().outputPath('park-fees-next-season.png'), fullPage: true });

  // A traveller books two places on a Lake Manyara day in next season's peak: its first day, at
  // most two years ahead, within the booking horizon.
  const email = uniqueEmail('manyara');
  await registerViaApi(request, 'Neema Lyimo', email, 'flamingo-2027');
  const token = await loginViaApi(request, email, 'flamingo-2027');
  await gql(
    request,
    'mutation($input: BookingInput!) { createBooking(input: $input) { booking { id } } }',
    {
      input: {
        tourId: tour.id,
        startDate: `${year}-07-01`,
        numberOfPeople: 2,
        name: 'Neema Lyimo',
        email,
        phone: '+255 713 222 444',
      },
    },
    token,
  );

  // The parks raise Lake Manyara's fee for non-resident adults from $50.00 to $60.00.
  await page.reload();
  const edit = page.getByRole('form', { name: `Edit ${next}` });
  await expect(edit.getByLabel('Area name').first()).toBeVisible();
  const amount = await feeAmount(page, 'Lake Manyara National Park', 'ENTRY_PEAK', 'NON_RESIDENT', 'ADULT');
  await expect(amount).toHaveValue('50.00');
  await amount.fill('60.00');
  await edit.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText(`Saved the schedule ${next}.`)).toBeVisible();

  // The booking made at the old fee is listed, $23.60 more: 2 × $10.00 plus 18% VAT.
  const affected = page.getByTestId('park-fee-change').filter({ hasText: 'Neema Lyimo' });
  await expect(affected).toContainText(MANYARA);
  await expect(affected).toContainText('+$23.60');
  await page.screenshot({ path: test.info().outputPath('park-fees-affected.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await affected.getByRole('button', { name: /^Apply/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Apply the new park fees?' });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: 'Apply and mail the traveller' }).click();
  await expect(page.getByText(/^Applied the new park fees to booking/)).toBeVisible();
  await expect(page.getByTestId('park-fee-change').filter({ hasText: 'Neema Lyimo' })).toHaveCount(0);
  // The traveller is told the new fees (the mail leaves once the change has committed).
  await expect
    .poll(() => newestMailTo(email, 'Park fees changed for your booking'), { timeout: 30_000 })
    .toContain('$141.60');
});
