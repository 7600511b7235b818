import { expect, test, type Locator } from './test.js';
import { loginViaUi, registerViaApi, seriousAxeViolations, tourByTitle, uniqueEmail } from './support.js';

const MIGRATION = 'Serengeti Great Migration Safari';
const PHONE = { width: 375, height: 812 };
const MONEY = /^\$[\d,]+\.\d\d$/;

/** The element's box lies wholly inside the first screen (page scrolled to the top), above `bottom`. */
async function expectInFirstScreen(el: Locator, name: string, bottom = PHONE.height) {
  await expect(el, name).toBeVisible();
  const box = await el.boundingBox();
  expect(box, name).not.toBeNull();
  expect(box!.y, `${name} top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${name} bottom`).toBeLessThanOrEqual(bottom);
}

test.use({ viewport: PHONE });

test('on a 375 px phone the first screen holds the title, the price and the booking button', async ({
  page,
  request,
}) => {
  const tour = await tourByTitle(request, MIGRATION);
  const email = uniqueEmail('phone');
  await registerViaApi(request, 'Zawadi Simu', email, 'phone-2026');
  await loginViaUi(page, email, 'phone-2026');
  await page.goto(`/tour/${tour.id}`);
  const bar = page.getByTestId('book-bar');
  await expect(bar.getByTestId('book-bar-price')).toHaveText(MONEY);
  // The tour spends days in the parks: the bar adds their fees (for a non-resident adult).
  await expect(bar.getByTestId('book-bar-fees')).toHaveText(/^\+ \$[\d,]+\.\d\d park fees$/);
  await page.evaluate(() => window.scrollTo(0, 0));

  const book = bar.getByRole('button', { name: 'Book Tour' });
  await expectInFirstScreen(book, 'book button');
  // Title and price show above the bar, not behind it.
  const barTop = (await bar.boundingBox())!.y;
  await expectInFirstScreen(page.getByRole('heading', { level: 1, name: tour.title }), 'title', barTop);
  await expectInFirstScreen(page.getByTestId('tour-price'), 'price', barTop);
  // The photo leaves room: well under half of the screen.
  const photo = await page.locator('.tour-header__image').boundingBox();
  expect(photo!.height).toBeLessThan(PHONE.height * 0.3);
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'no sideways scrolling').toBeLessThanOrEqual(client);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('tour-detail-375.png') });

  // Scrolled to the end, the page's last lines (the footer's) end above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const barBox = await bar.boundingBox();
  const lastLine = await page.evaluate(() => {
    const footer = document.querySelector('footer') ?? document.body;
    return footer.getBoundingClientRect().bottom;
  });
  expect(lastLine).toBeLessThanOrEqual(barBox!.y + 1);
  await page.screenshot({ path: test.info().outputPath('tour-detail-375-end.png') });

  // The bar's button opens the same booking form as 'Book Tour'.
  await book.click();
  const modal = page.getByRole('dialog', { name: `Book ${tour.title}` });
  await expect(modal).toBeVisible();
  // Told who travels, the bar shows what the party pays in all, park fees included.
  await modal.getByLabel('Number of People').fill('2');
  await expect(modal.getByTestId('party-picker').getByRole('group')).toHaveCount(2);
  // Once the party's quote has come back (the bar, behind the form, shows it), and after the form closes.
  await expect(bar.getByTestId('book-bar-fees')).toHaveText('for 2 people, park fees included');
  await modal.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(bar.getByTestId('book-bar-fees')).toHaveText('for 2 people, park fees included');
  await expect(bar.getByTestId('book-bar-price')).toHaveText(MONEY);
  await expect(book).toBeVisible();

  // On a wide screen the panel sits beside the tour and the bar is gone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar).toBeHidden();
  await expect(page.getByRole('button', { name: 'Book Tour' })).toHaveCount(1);
});
