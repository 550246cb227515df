import { getJson, moscowDay, postDeal } from '../fixtures/data.ts';
import {
  atPath,
  expect,
  expectNoA11yViolations,
  saveScreenshotsEverywhere,
  settled,
  signIn,
  test,
} from '../fixtures/index.ts';

// Clients (issue 33): the menu's 'Клиенты', a search, a client's card with their sales and purchases, the merge of
// a second card of the same person, and the way in from a deal's contact; at 390 and 360 px, both themes, with axe.

test('the owner finds a client, reads their card, merges its twin into it and opens it from a deal', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const channel = (await getJson<{ items: { id: number }[] }>(page.request, '/api/channel?limit=1')).items[0];
  const day = moscowDay(new Date());
  const deal = { day, channelId: channel?.id ?? 0 };
  const sale = await postDeal(page, 'sale', { ...deal, contactName: 'Зоя Маркетова', price: 12_500 });
  await postDeal(page, 'purchase', { ...deal, contactName: 'Зоя Маркетова', price: 8000 });
  await postDeal(page, 'sale', { ...deal, contactName: 'Зоя М.', price: 14_000 });

  await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Клиенты' }).click();
  await expect(page).toHaveURL(atPath('/clients'));
  await page.getByRole('searchbox', { name: 'Поиск клиента' }).fill('зоя');
  const list = page.getByRole('list', { name: 'Клиенты команды' });
  await expect(list.getByRole('link')).toHaveCount(2);
  await expectNoA11yViolations(page);
  await saveScreenshotsEverywhere(page, 'clients-list');

  await list.getByRole('link', { name: /Зоя Маркетова/ }).click();
  await expect(page.getByText('Продажи: 1 · Закупки: 1')).toBeVisible();
  // The median of 12 500 and 8 000.
  await expect(page.getByText('Обычно 10\u00a0250\u00a0руб')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Сделки клиента' }).getByRole('link')).toHaveCount(2);
  await expectNoA11yViolations(page);
  await saveScreenshotsEverywhere(page, 'client-card');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('button', { name: 'Объединить с…' }).click();
  const picker = page.getByRole('dialog', { name: 'Объединить с клиентом' });
  await picker.getByRole('searchbox', { name: 'Поиск клиента' }).fill('Зоя М.');
  await expect(picker.getByRole('button', { name: /Зоя М\./ })).toBeVisible();
  await settled(picker);
  await saveScreenshotsEverywhere(page, 'client-merge-picker');
  await picker.getByRole('button', { name: /Зоя М\./ }).click();
  const confirm = page.getByRole('dialog', { name: 'Объединить клиентов?' });
  await settled(confirm);
  await expectNoA11yViolations(page);
  await saveScreenshotsEverywhere(page, 'client-merge');
  await confirm.getByRole('button', { name: 'Объединить' }).click();
  await expect(page.getByText('Клиенты объединены')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Зоя М.');
  await expect(page.getByText(/Продажи: 2 · Закупки: 1/)).toBeVisible();

  // The sale of the merged card now names the one that stays, and its contact opens that card.
  await page.goto(`/sale/${sale.id}`);
  const contact = page.getByRole('link', { name: /Контакт администратора Зоя М\./ });
  await contact.scrollIntoViewIfNeeded();
  await expectNoA11yViolations(page);
  await saveScreenshotsEverywhere(page, 'client-from-deal');
  await contact.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Зоя М.');
});
