import { moscowDay } from '../fixtures/data.ts';
import { expect, signIn, test } from '../fixtures/index.ts';

// Issue 15, part "Export": the files behind 'Скачать', through the button on the list and /finance, and through the
// browser's own fetch (the body read as a stream, the name from Content-Disposition) for the file's details.

type Named = { id: number; name: string };
type Summary = { count: number };

/** A deal file's lines of deals: after the header, before the empty line that opens its total ('Итого'). */
const dealLines = (text: string) => {
  const lines = text.split('\r\n').slice(1);
  return lines.slice(
    0,
    lines.findIndex((line) => /^;*$/.test(line)),
  );
};

test("'Скачать' on the sales list downloads the filtered list as a CSV, and /finance its ledger", async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/sales?paymentState=PAID');
  const totals = page.getByRole('region', { name: 'Итоги списка' });
  await expect(totals).toContainText('руб');
  const count = ((await (await page.request.get('/api/sale/summary?paymentState=PAID')).json()) as Summary)
    .count;

  await page.getByRole('button', { name: 'Скачать' }).click();
  const sheet = page.getByRole('dialog', { name: 'Скачать' });
  const downloading = page.waitForEvent('download');
  await sheet.getByRole('button', { name: /^CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Продажи-${moscowDay(new Date())}.csv`);
  const text = (await (await download.createReadStream()).toArray()).map(String).join('');
  const rows = dealLines(text);
  expect(rows).toHaveLength(count);
  const state = (text.replace(/^\uFEFF/, '').split('\r\n')[0] ?? '').split(';').indexOf('Оплата');
  for (const row of rows) expect(row.split(';')[state]).toBe('Оплачено');
  await expect(sheet).toBeHidden();

  await page.goto('/finance');
  await page.getByRole('button', { name: 'Скачать' }).click();
  const ledger = page.waitForEvent('download');
  await page
    .getByRole('dialog', { name: 'Скачать' })
    .getByRole('button', { name: /^Excel/ })
    .click();
  expect((await ledger).suggestedFilename()).toMatch(/^Финансы-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test('the sales export is the list as a CSV Excel opens, and an XLSX, both downloaded as a stream', async ({
  page,
}) => {
  await signIn(page);
  const summary = (await (await page.request.get('/api/sale/summary')).json()) as Summary;
  expect(summary.count).toBeGreaterThan(0);

  // As ExportButton does it: fetch in the page (the browser asks for compression), read the body chunk by chunk.
  const csv = await page.evaluate(async () => {
    const response = await fetch('/api/sale/export?format=csv');
    const reader = response.body?.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const part = await reader?.read();
      if (!part || part.done) break;
      chunks.push(part.value);
    }
    const bytes = new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer());
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition') ?? '',
      bom: [...bytes.slice(0, 3)],
      text: new TextDecoder().decode(bytes),
    };
  });
  expect(csv.status).toBe(200);
  expect(csv.type).toBe('text/csv; charset=utf-8');
  expect(csv.bom).toEqual([0xef, 0xbb, 0xbf]);
  const today = moscowDay(new Date());
  expect(csv.disposition).toContain(`filename="prodazhi-${today}.csv"`);
  expect(decodeURIComponent(csv.disposition.split("filename*=UTF-8''")[1] ?? '')).toBe(
    `Продажи-${today}.csv`,
  );
  expect(csv.text.split('\r\n')[0]).toBe(
    'Дата продажи;Размещение;Наш канал;Канал;Контакт;Статус;Формат;Тип рекламы;Сотрудник;Стоимость;Оплачено;Осталось;Оплатить до;Оплата;Ссылка на пост;CPM',
  );
  expect(dealLines(csv.text)).toHaveLength(summary.count);

  // One channel's filter: the file holds exactly that channel's deals.
  const channel = ((await (await page.request.get('/api/channel?limit=1')).json()) as { items: Named[] })
    .items[0] as Named;
  const filtered = await page.request.get(`/api/sale/export?channelId=${channel.id}`);
  const count = (
    (await (await page.request.get(`/api/sale/summary?channelId=${channel.id}`)).json()) as Summary
  ).count;
  const rows = dealLines(await filtered.text());
  expect(rows).toHaveLength(count);
  for (const row of rows) expect(row.split(';')[2]).toBe(channel.name);

  const xlsx = await page.request.get('/api/sale/export?format=xlsx');
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  // A zip: the local file header's signature.
  expect([...(await xlsx.body()).subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
});

test('the finance export answers a Russian error for a bad period and a file for a good one', async ({
  page,
}) => {
  await signIn(page);
  const bad = await page.request.get('/api/finance/export?from=2026-02-01&to=2026-01-01');
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { message: string }).message).toContain('Начало периода позже конца');
  const good = await page.request.get('/api/finance/export?from=2020-01-01&to=2029-12-31&format=csv');
  expect(good.status()).toBe(200);
  const [header, ...rows] = (await good.text()).replace('\uFEFF', '').split('\r\n').filter(Boolean);
  expect(header).toBe('Дата;Тип;Канал;Контрагент;Доход;Расход');
  expect(rows.length).toBeGreaterThan(0);
});
