import { expect, test, type Locator, type Page } from './test.js';

// One destination from each column, from both ends of the lists: the pointer travels in every direction.
const PICKS = [
  'Mwanza',
  'Lake Manyara',
  'Zanzibar',
  'Usambara Mountains',
  'Serengeti',
  'Gombe Stream',
  'Pangani',
  'Mikumi',
];

async function centre(l: Locator): Promise<{ x: number; y: number }> {
  const box = await l.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Moves the mouse along a straight line in small steps, as a hand does, instead of jumping. */
async function glideTo(page: Page, l: Locator) {
  const { x, y } = await centre(l);
  await page.mouse.move(x, y, { steps: 15 });
}

test('a hovered popup shows every destination clicked, one after another', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/about');
  const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Destinations' });
  const panel = page.getByRole('region', { name: 'Destinations' });

  for (const name of PICKS) {
    // Open by hovering, then glide diagonally to the destination and click it.
    await page.mouse.move(5, 600);
    await expect(panel).toBeHidden();
    // A resting pointer is rarely in the middle of the trigger: enter it near the top corner on the
    // far side, so the way to the destination runs across the bar beside the trigger first.
    const box = (await trigger.boundingBox())!;
    const button = panel.getByRole('button', { name, exact: true });
    await page.mouse.move(box.x + box.width / 2, box.y + 4, { steps: 5 });
    await expect(panel).toBeVisible();
    const target = await centre(button);
    await page.mouse.move(target.x < box.x + box.width / 2 ? box.x + 4 : box.x + box.width - 4, box.y + 4, {
      steps: 3,
    });
    await glideTo(page, button);
    await page.mouse.down();
    await page.mouse.up();
    await expect(panel.getByRole('heading', { name, exact: true }), name).toBeVisible();
    await expect(panel.getByText('Best time to visit')).toBeVisible();
  }

  // Several in a row in the same open popup: Back to Zones, then the next one.
  await panel.getByRole('button', { name: 'Back to Zones' }).click();
  for (const name of PICKS) {
    await panel.getByRole('button', { name, exact: true }).click();
    await expect(panel.getByRole('heading', { name, exact: true }), name).toBeVisible();
    await panel.getByRole('button', { name: 'Back to Zones' }).click();
    await expect(panel.getByRole('heading', { name: 'Lake Zone' })).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('destinations-popup.png') });
});

test('the popup works by keyboard alone: open, pick, back, leave with Tab, close with Escape', async ({ page }) => {
  await page.goto('/about');
  const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Destinations' });
  const panel = page.getByRole('region', { name: 'Destinations' });
  await trigger.focus();
  await page.keyboard.press('ArrowDown');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('button', { name: 'Mwanza' })).toBeFocused();
  for (const name of ['Zanzibar', 'Serengeti']) {
    await panel.getByRole('button', { name }).focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('heading', { name })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(panel.getByRole('button', { name: 'Back to Zones' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('button', { name })).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(trigger).toBeFocused();

  // Tabbing past the last destination leaves the popup and closes it.
  await page.keyboard.press('Enter');
  await panel.getByRole('button', { name: 'Lake Manyara' }).focus();
  await page.keyboard.press('Tab');
  await expect(panel).toBeHidden();
});
