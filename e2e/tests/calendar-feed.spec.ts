import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  saveScreenshot,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 14: the 'Синхронизация с календарём' switch makes a private iCalendar feed that a calendar app fetches
// without a session; turning the switch off revokes it. A demo team has sample placements around today.

test('calendar sync: the address answers an iCalendar feed of the team’s placements until the switch is off', async ({
  page,
  request,
}) => {
  await signIn(page, { to: '/profile/settings/sync' });
  const calendar = page.getByRole('switch', { name: 'Синхронизация с календарём' });
  await expect(calendar).toHaveAttribute('aria-checked', 'false');

  await calendar.click();
  const address = page.getByTestId('calendar-feed-url');
  await expect(address).toBeVisible();
  await expect(calendar).toHaveAttribute('aria-checked', 'true');
  const url = (await address.textContent())?.trim() ?? '';
  expect(url).toMatch(/\/api\/calendar\/feed\/\d+-\d+-[\w-]{43}\.ics$/);
  await expect(page.getByText(/Показываем её один раз/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Добавить в календарь' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );
  await expect(page.getByRole('img', { name: 'QR-код ссылки на календарь' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'calendar-feed-on');
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  // The calendar app's request: no cookie, the address alone.
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const body = await feed.text();
  expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(body).toMatch(/BEGIN:VEVENT\r\nUID:(sale|purchase)-\d+@/);
  expect(body).toMatch(/SUMMARY:(Продажа|Закупка) · /);
  expect(body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);

  await calendar.click();
  await expect(calendar).toHaveAttribute('aria-checked', 'false');
  await expect(address).toBeHidden();
  const revoked = await request.get(url);
  expect(revoked.status()).toBe(404);
  expect((await revoked.json()).message).toBe(
    'Календарь не найден: ссылка неверна или синхронизация выключена',
  );
});
