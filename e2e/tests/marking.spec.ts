import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  settled,
  signIn,
  test,
} from '../fixtures/index.ts';

// Issue 35, ad marking on a phone: the owner fills a sale's marking on its card, registers it with VK ОРД (the run's
// fake, which validates every request by VK ОРД's own OpenAPI description), the erid comes back through the job
// queue, the marker is copied; then /marking shows the month with the deal and its deadline.

test('a sale is marked, registered with the ОРД, its marker copied, and shown in the month', async ({
  page,
}) => {
  await signIn(page, { to: '/sales' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const legal = await page.request.put('/api/team/legal', {
    data: { type: 'juridical', name: 'ООО «Канал»', inn: '7707083893', kpp: '770701001' },
  });
  expect(legal.status(), await legal.text()).toBe(200);
  const ord = await page.request.put('/api/team/ord', {
    data: { provider: 'vk', sandbox: true, apiKey: 'test-ord-key' },
  });
  expect(ord.status(), await ord.text()).toBe(200);

  const channelId = (await (await page.request.get('/api/channel?limit=1')).json()).items[0].id as number;
  const day = new Date().toISOString().slice(0, 10);
  const created = await page.request.post('/api/sale', {
    data: {
      accommodationCondition: {
        accommodationTime: new Date().toISOString(),
        durationType: 'INFINITY',
        hoursInTop: 1,
      },
      advertisementFormatId: 1,
      advertisementTypeId: 2,
      statusId: 1,
      channelId,
      contactPerson: { name: 'Иван Петров' },
      externalChannelInfo: { name: 'Магазин цветов' },
      price: 12500,
      saleDate: day,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as number;

  await page.goto(`/sale/${id}`);
  const card = page.getByRole('region', { name: 'Маркировка' });
  await card.getByRole('button', { name: 'Заполнить' }).click();
  const advertiser = card.getByRole('group', { name: 'Рекламодатель' });
  await advertiser.getByRole('button', { name: 'ИП' }).click();
  await advertiser.getByRole('textbox', { name: 'Название' }).fill('ИП Петров');
  await advertiser.getByRole('textbox', { name: 'ИНН' }).fill('500100732259');
  await card.getByRole('textbox', { name: 'Номер договора' }).fill('Д-15');
  await card.getByLabel('Дата договора').fill(day);
  await card.getByRole('combobox', { name: 'Тип договора' }).selectOption({ label: 'Оказание услуг' });
  await card
    .getByRole('combobox', { name: 'Предмет договора' })
    .selectOption({ label: 'Распространение рекламы' });
  await card.getByRole('textbox', { name: 'Сумма договора' }).fill('12500');
  await card.getByRole('textbox', { name: 'Текст поста' }).fill('Свежие цветы с доставкой');
  await card.getByRole('textbox', { name: 'Ссылки' }).fill('https://flowers.example/buy');
  await card.getByRole('textbox', { name: 'Код ККТУ' }).fill('30.15.1');
  await card.getByRole('button', { name: 'Сохранить' }).click();
  await expect(card.getByText('Готово к регистрации')).toBeVisible();

  await card.getByRole('button', { name: 'Зарегистрировать в ОРД' }).click();
  // The server's job loop sends the persons, contract, pad and creative; the card polls until the erid comes.
  await expect(card.getByText('erid получен')).toBeVisible({ timeout: 20_000 });
  const marker = card.getByText(/^Реклама\. ИП Петров, ИНН 500100732259\. erid: [A-Za-z0-9]+$/);
  await expect(marker).toBeVisible();
  await card.getByRole('button', { name: 'Скопировать', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Скопировано' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await marker.textContent());
  await expect(card.getByText(/https:\/\/flowers\.example\/buy\?erid=/)).toBeVisible();
  await settled(card);
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  await page.goto(`/marking?month=${day.slice(0, 7)}`);
  await expect(page.getByRole('heading', { name: 'Маркировка' })).toBeVisible();
  await expect(page.getByText(/Подать статистику и акты до \d\d\.\d\d\.\d{4}/)).toBeVisible();
  const row = page.getByRole('link', { name: /Магазин цветов|Иван Петров/ }).first();
  await expect(row).toBeVisible();
  await expect(page.getByText('erid получен').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
});
