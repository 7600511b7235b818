import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './test.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config.js';
import { gql, loginViaApi, loginViaUi, registerViaApi, tourByTitle, uniqueEmail } from './support.js';

const BEACH = 'Nungwi Beach Escape, Zanzibar';
const MONEY = /^\$[\d,]+\.\d\d$/;

/** A day n days from today (UTC), YYYY-MM-DD. */
function inDays(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * The screen as it is now: axe clean, then screenshots at desktop width and on a 375 px phone
 * (without horizontal scrolling), and back to desktop width.
 */
async function checkHere(page: Page, name: string) {
  expect(await seriousViolations(page), `${name} at 1280px`).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await seriousViolations(page), `${name} at 375px`).toEqual([]);
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${name} fits 375px`).toBeLessThanOrEqual(client);
  await page.screenshot({ path: test.info().outputPath(`${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function switchUser(page: Page, email: string, password: string) {
  await page.evaluate(() => localStorage.clear());
  await loginViaUi(page, email, password);
}

test('a traveller pays the deposit offline, an admin records it, and a cancellation shows the refund due', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const tour = await tourByTitle(request, BEACH);
  const email = uniqueEmail('payer');
  const password = 'deposit-2026';
  await registerViaApi(request, 'Rehema Payer', email, password);
  await loginViaUi(page, email, password);

  // Booking 60 days ahead: the deposit is due now, the balance 30 days before departure.
  await page.goto(`/tour/${tour.id}`);
  await page.getByRole('button', { name: 'Book Tour' }).click();
  const modal = page.getByRole('dialog', { name: `Book ${BEACH}` });
  await modal.getByLabel('Start Date').fill(inDays(60));
  await modal.getByLabel('Number of People').fill('2');
  await modal.getByRole('button', { name: 'Confirm Booking' }).click();
  const banner = page.getByTestId('booking-banner');
  await expect(banner.getByRole('heading', { name: 'Booking Request Received!' })).toBeVisible();
  const pay = banner.getByRole('button', { name: /^Pay deposit \(\$[\d,]+\.\d\d\)/ });
  await expect(pay).toBeVisible();
  const deposit = /\((\$[\d,]+\.\d\d)\)/.exec((await pay.textContent()) ?? '')?.[1] ?? '';
  expect(deposit).toMatch(MONEY);
  await checkHere(page, 'payment-booked');

  // Offline: the instructions with the reference replace the button and take the focus.
  await pay.click();
  const instructions = banner.getByTestId('pay-instructions');
  await expect(instructions.getByRole('heading', { name: 'How to pay' })).toBeFocused();
  const reference = (await instructions.getByTestId('payment-reference').textContent())?.trim() ?? '';
  expect(reference).not.toBe('');
  await expect(instructions.getByTestId('payment-amount')).toHaveText(deposit);
  await expect(instructions).toContainText('M-Pesa');
  await expect(instructions).toContainText('confirmed');
  await checkHere(page, 'payment-instructions');

  // An admin finds the unpaid deposit and records it, confirming the amount in words.
  await switchUser(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin/bookings');
  await page.getByLabel('Payment').selectOption('UNPAID_DEPOSIT');
  await expect(page).toHaveURL(/payment=UNPAID_DEPOSIT/);
  const row = page.getByTestId('booking-row').filter({ hasText: email });
  await expect(row.getByTestId('payment-state')).toHaveText('Unpaid');
  const bookingId = (await row.getAttribute('data-booking-id')) ?? '';
  await checkHere(page, 'admin-bookings-payments');

  await row.getByRole('button', { name: /^Record payment/ }).click();
  const record = page.getByRole('dialog', { name: `Record payment for booking #${bookingId}` });
  await expect(record.getByLabel(/^Amount/)).toHaveValue(deposit.replace(/[$,]/g, ''));
  await record.getByLabel('Method').selectOption('MPESA');
  await record.getByLabel("Payer's reference").fill(`MP-${reference}`);
  await checkHere(page, 'admin-record-payment');
  await record.getByRole('button', { name: 'Review payment' }).click();
  const question = page.getByRole('alertdialog', { name: `Record payment for booking #${bookingId}` });
  await expect(question.getByTestId('money-question')).toContainText(`Record ${deposit} (`);
  await expect(question.getByTestId('money-question')).toContainText('dollars');
  await expect(question.getByRole('button', { name: 'No, go back' })).toBeFocused();
  await checkHere(page, 'admin-record-payment-confirm');
  await question.getByRole('button', { name: 'Yes, record payment' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByText(`Payment recorded for booking #${bookingId}`)).toBeVisible();

  // The ledger shows it, with the totals and the balances to chase.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByTestId('ledger-row').filter({ hasText: `MP-${reference}` })).toHaveCount(1);
  await expect(page.getByTestId('payment-totals')).toBeVisible();
  await checkHere(page, 'admin-payments');

  // The traveller sees the deposit paid, the balance due and a receipt.
  await switchUser(page, email, password);
  await page.goto('/my-bookings');
  const card = page.getByTestId('my-booking').filter({ hasText: BEACH });
  await expect(card.getByTestId('payment-state')).toHaveText('Deposit paid');
  await expect(card.getByTestId('payment-paid')).toHaveText(deposit);
  // The balance is not due yet, but may be paid ahead of its day.
  await expect(card.getByTestId('payment-balance')).toHaveText(MONEY);
  await expect(card.getByTestId('payment-due-date')).not.toBeEmpty();
  await expect(card.getByRole('button', { name: /^Pay balance/ })).toBeVisible();
  await checkHere(page, 'my-bookings-payments');

  await card.getByRole('button', { name: /^Pay balance/ }).click();
  const payDialog = page.getByRole('dialog', { name: `Pay for ${BEACH}` });
  await expect(payDialog.getByTestId('payment-reference')).toHaveText(reference);
  await checkHere(page, 'my-bookings-pay-balance');
  await payDialog.getByRole('button', { name: 'Done' }).click();

  await card.getByRole('link', { name: /^Receipt: Deposit/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-amount')).toContainText(deposit);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await checkHere(page, 'payment-receipt');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('payment-receipt-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The balance arrives too (recorded over the API); then a cancellation 60 days ahead makes
  // everything but the non-refundable deposit due back.
  const adminToken = await loginViaApi(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const travellerToken = await loginViaApi(request, email, password);
  const due = await gql<{ myBookings: { id: string; payment: { outstandingCents: number } | null }[] }>(
    request,
    '{ myBookings { id payment { outstandingCents } } }',
    {},
    travellerToken,
  );
  const balanceCents = due.myBookings.find((b) => b.id === bookingId)?.payment?.outstandingCents ?? 0;
  expect(balanceCents).toBeGreaterThan(0);
  await gql(
    request,
    'mutation($input: RecordPaymentInput!) { recordPayment(input: $input) { entry { id } } }',
    {
      input: {
        bookingId,
        amountCents: balanceCents,
        method: 'BANK_TRANSFER',
        payerReference: `BT-${reference}`,
        receivedOn: inDays(0),
      },
    },
    adminToken,
  );
  await page.goto('/my-bookings');
  await expect(card.getByTestId('payment-state')).toHaveText('Paid in full');
  await card.getByRole('button', { name: /^Cancel/ }).click();
  await page
    .getByRole('alertdialog', { name: 'Cancel Booking' })
    .getByRole('button', { name: 'Yes, cancel booking' })
    .click();
  await expect(card.getByTestId('booking-status')).toHaveText('Cancelled');
  await expect(card.getByTestId('payment-state')).toHaveText('Refund due');
  await expect(card.getByTestId('payment-refund-due')).toHaveText(MONEY);
  const refundDue = (await card.getByTestId('payment-refund-due').textContent()) ?? '';
  await checkHere(page, 'my-bookings-refund-due');

  // The admin refunds it, confirming the amount in words.
  await switchUser(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin/bookings');
  const cancelledRow = page.locator(`[data-testid="booking-row"][data-booking-id="${bookingId}"]`);
  await cancelledRow.getByRole('button', { name: /^Refund/ }).click();
  const refund = page.getByRole('dialog', { name: `Refund booking #${bookingId}` });
  await expect(refund.getByLabel(/^Amount/)).toHaveValue(refundDue.replace(/[$,]/g, ''));
  await refund.getByRole('button', { name: 'Review refund' }).click();
  const refundQuestion = page.getByRole('alertdialog', { name: `Refund booking #${bookingId}` });
  await expect(refundQuestion.getByTestId('money-question')).toContainText(`Refund ${refundDue} (`);
  await checkHere(page, 'admin-refund-confirm');
  await refundQuestion.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(cancelledRow.getByTestId('payment-state')).toHaveText('Refunded');
});

test('an admin confirming a booking whose deposit is unpaid is asked that too', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tour = await tourByTitle(request, BEACH);
  const email = uniqueEmail('unpaid');
  await registerViaApi(request, 'Baraka Unpaid', email, 'unpaid-2026');
  const token = await loginViaApi(request, email, 'unpaid-2026');
  const made = await gql<{ createBooking: { booking: { id: string } } }>(
    request,
    'mutation($input: BookingInput!) { createBooking(input: $input) { booking { id } } }',
    {
      input: {
        tourId: tour.id,
        startDate: inDays(80),
        numberOfPeople: 1,
        name: 'Baraka Unpaid',
        email,
        phone: '+255 713 222 444',
      },
    },
    token,
  );
  const id = made.createBooking.booking.id;
  await loginViaUi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin/bookings?payment=UNPAID_DEPOSIT');
  const row = page.locator(`[data-testid="booking-row"][data-booking-id="${id}"]`);
  await row.getByRole('button', { name: /^Confirm/ }).click();
  const ask = page.getByRole('alertdialog', { name: 'Confirm Booking' });
  await expect(ask).toContainText('Are you sure you want to confirm this booking?');
  await expect(ask.getByTestId('unpaid-confirm')).toHaveText(
    "This booking's deposit has not been paid. Confirm it anyway?",
  );
  await checkHere(page, 'admin-confirm-unpaid');
  await ask.getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(row.getByTestId('booking-status')).toHaveText('Confirmed');
});
