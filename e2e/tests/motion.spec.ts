import type { Locator, Page } from '@playwright/test';
import { expect, settled, signIn, test } from '../fixtures/index.ts';

// The other tests run as a phone set to reduce motion (playwright.config.ts), where sheets appear at once. These
// two open the same bottom sheet with and without that setting: it slides for vaul's half second by default, and
// appears without moving when the phone asks for less motion.

/** Opens the ad format picker of a new sale and returns the sheet and how long its entrance lasts, in ms. */
async function openFormatSheet(page: Page) {
  await signIn(page, { to: '/sale/new' });
  await page.getByRole('button', { name: /^Формат рекламы/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Формат рекламы' });
  await expect(sheet).toBeVisible();
  const duration = await sheet.evaluate(
    (element) => parseFloat(getComputedStyle(element).animationDuration) * 1000,
  );
  return { sheet, duration };
}

/** Waits for the sheet to settle on screen, picks 'Пост', and checks the sheet is gone and the field shows it. */
async function pickAndClose(page: Page, sheet: Locator) {
  await settled(sheet);
  await expect(sheet.getByRole('button', { name: 'Пост', exact: true })).toBeInViewport();
  await sheet.getByRole('button', { name: 'Пост', exact: true }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Формат рекламы Пост/ })).toBeVisible();
}

test.describe('without a motion preference', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('a bottom sheet slides in, settles on screen, and closes after a pick', async ({ page }) => {
    const { sheet, duration } = await openFormatSheet(page);
    expect(duration, 'the sheet slides in').toBeGreaterThanOrEqual(300);
    await pickAndClose(page, sheet);
  });
});

test('with reduced motion a bottom sheet appears without sliding and still closes after a pick', async ({
  page,
}) => {
  const { sheet, duration } = await openFormatSheet(page);
  expect(duration, 'no visible slide').toBeLessThanOrEqual(1);
  await pickAndClose(page, sheet);
});
