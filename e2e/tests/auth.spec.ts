import type { Page } from '@playwright/test';
import {
  action,
  atPath,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  saveScreenshot,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 2, item 6: sign-in, gating, the dashboard, sign-out, deep links, not-found, accessibility, phone layout.

const menuTiles = [
  ['Каналы', '/channels'],
  ['Сотрудники', '/employees'],
  ['Продажи', '/sales'],
  ['Закупки', '/purchases'],
  ['Контент', '/content'],
  ['Финансы', '/finance'],
  ['Поддержка', '/faq'],
] as const;

/** The signed-in user as the API gives it, read with the page's own cookies. */
async function currentUser(page: Page): Promise<{ firstName: string; secondName: string }> {
  const response = await page.request.get('/api/employee');
  expect(response.status(), 'GET /api/employee').toBe(200);
  return response.json();
}

async function expectDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(atPath('/dashboard'));
  const user = await currentUser(page);
  await expect(page.getByText(`${user.firstName} ${user.secondName}`).first()).toBeVisible();
  for (const card of ['Каналы', 'Сотрудники']) {
    await expect(page.getByRole('heading', { name: card, exact: true }), `card ${card}`).toBeVisible();
  }
  for (const [name, href] of menuTiles) {
    await expect(page.getByRole('link', { name, exact: true }), `tile ${name}`).toHaveAttribute('href', href);
  }
}

test('a signed-out visit to /dashboard lands on /auth, which offers Google, Яндекс and the demo sign-in', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(atPath('/auth'));
  const google = action(page, 'Регистрация через Google');
  const yandex = action(page, 'Регистрация через Яндекс');
  await expect(google).toBeVisible();
  await expect(yandex).toBeVisible();
  await expect(action(page, 'Демо-вход')).toBeVisible();
  await expect(google).toHaveAttribute('href', /authBy=google/);
  await expect(yandex).toHaveAttribute('href', /authBy=yandex/);
});

test('the demo sign-in reaches the dashboard with the user, the cards and the seven tiles; reload keeps the session', async ({
  page,
}) => {
  await page.goto('/auth');
  await action(page, 'Демо-вход').click();
  await expectDashboard(page);

  await page.reload();
  await expectDashboard(page);
});

test('the demo sign-in link for a key shows that user on the dashboard', async ({ page }) => {
  await signIn(page);
  await expectDashboard(page);
});

test('logging out from /profile/settings ends the session and returns to /auth', async ({ page }) => {
  await signIn(page, { to: '/profile/settings' });
  await action(page, 'Выйти из профиля').click();
  await page
    .getByRole('dialog', { name: 'Выйти из профиля?' })
    .getByRole('button', { name: 'Выйти', exact: true })
    .click();
  await expect(page).toHaveURL(atPath('/auth'));

  // The server session is gone, not just the screen.
  expect((await page.request.get('/api/employee')).status(), 'GET /api/employee after logout').toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(atPath('/auth'));
});

test('a deep link visited signed out goes to /auth and, after the demo sign-in, back to the deep link', async ({
  page,
}) => {
  await page.goto('/sale/5');
  await expect(page).toHaveURL(atPath('/auth'));
  expect(new URL(page.url()).searchParams.get('redirect'), '/auth?redirect=').toBe('/sale/5');

  await page.goto('/channels');
  await expect(page).toHaveURL(atPath('/auth'));
  await action(page, 'Демо-вход').click();
  await expect(page).toHaveURL(atPath('/channels'));
});

test("an unknown route, at the top or inside a section, says 'Страница не найдена' and leads home", async ({
  page,
}) => {
  await signIn(page, { to: '/no-such-page-e2e' });
  for (const path of ['/no-such-page-e2e', '/channels/no-such-page/e2e']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
    await expect(page.getByText('Not Found')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'На главную' }).click();
  await expect(page).toHaveURL(atPath('/dashboard'));
});

test('/auth: no axe violations, no sideways scroll at 390px', async ({ page }) => {
  await page.goto('/auth');
  await expect(action(page, 'Демо-вход')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'auth');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
});

test('/dashboard: no axe violations, no sideways scroll at 390px', async ({ page }) => {
  await signIn(page);
  await expectDashboard(page);
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'dashboard');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
});
