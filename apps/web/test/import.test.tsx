import type { CurrentUser, Import, ImportListItem, ImportPreview, Permissions } from '@addesk/contract';
import { IMPORT_MAX_BYTES } from '@addesk/contract/plain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { importTexts } from '@/features/import/lib/import-texts';
import { dealListApi } from './deal-list-api';
import { demoUser, type FakeHandler, installFakeApi } from './fake-api';
import { renderApp } from './render-app';

// Importing past deals from CSV or XLSX (issue 37): upload, columns, preview, commit with its progress, undo; the
// list's ways in for whoever may record deals.

vi.setConfig({ testTimeout: 30_000 });

const FUTURE = '2099-01-01T00:00:00.000Z';

const draft: Import = {
  id: 1,
  kind: 'sale',
  name: 'sales.csv',
  state: 'draft',
  createdAt: '2026-03-05T09:30:00.000Z',
  author: 'Анна Смирнова',
  columns: [
    { index: 0, name: 'Дата', samples: ['01.03.2026', '02.03.2026'] },
    { index: 1, name: 'Канал', samples: ['Новости Москвы'] },
    { index: 2, name: 'Цена', samples: ['12 500', '8 000'] },
    { index: 3, name: 'Клиент', samples: ['Маркетинг без воды'] },
  ],
  mapping: { dealDate: 0, channel: 1, price: 2, counterpart: null },
  total: 3,
  valid: 0,
  invalid: 0,
  duplicate: 0,
  created: 0,
  skipped: 0,
  undoableUntil: null,
};

const preview: ImportPreview = {
  total: 3,
  valid: 2,
  invalid: 1,
  duplicate: 0,
  nextCursor: null,
  rows: [
    {
      row: 2,
      ok: true,
      duplicate: false,
      errors: [],
      deal: {
        dealDate: '2026-03-01',
        placementAt: '2026-03-01T09:00:00.000Z',
        channel: 'Новости Москвы',
        counterpart: 'Маркетинг без воды',
        contact: null,
        price: 12_500,
        paid: 5_000,
        paidAt: null,
        dueDate: null,
        status: 'Оплачено частично',
        format: null,
        type: null,
        employee: null,
        postLink: null,
      },
    },
    { row: 4, ok: false, duplicate: false, errors: ['Стоимость: «12 5ОО» — не число'], deal: null },
  ],
};

const listItem = (item: Partial<ImportListItem> & { id: number }): ImportListItem => {
  const { columns: _columns, mapping: _mapping, ...rest } = draft;
  return { ...rest, ...item };
};

function importApi(handlers: Record<string, FakeHandler> = {}) {
  return installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/import': { body: { items: [], nextCursor: null } },
    ...handlers,
  });
}

const csv = () =>
  new File(['Дата;Канал;Цена\n01.03.2026;Новости Москвы;12 500\n'], 'sales.csv', { type: 'text/csv' });
/** An accessible name as written, whatever spaces (a count keeps to its noun with a non-breaking one). */
const named = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}$`);
const fileInput = () => screen.getByTestId('import-file');

describe('/sale/import', () => {
  it('uploads a file, maps its columns, previews the rows, imports them with a progress bar and undoes the import', async () => {
    let state: Import = draft;
    const { requests, fetchMock } = importApi({
      'POST /api/import': { status: 201, body: draft },
      'PUT /api/import/1': { body: preview },
      'GET /api/import/1': () => ({ body: state }),
      'POST /api/import/1/commit': { body: { created: 2, skipped: 1 } },
      'DELETE /api/import/1': { body: { removed: 2 } },
    });
    // The commit answers when the test says so: meanwhile the screen polls the import for its progress.
    let finish = () => {};
    const committed = new Promise<void>((resolve) => {
      finish = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/commit')) await committed;
      return fetchMock(input, init);
    });
    const { user, router } = renderApp('/sale/import');

    expect(await screen.findByRole('heading', { name: 'Импорт продаж' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выбрать файл' })).toBeEnabled();
    const file = csv();
    await user.upload(fileInput(), file);

    // The draft's columns, with the server's guess chosen.
    expect(await screen.findByText('Файл: sales.csv · 3 строки')).toBeInTheDocument();
    const upload = requests.find((r) => r.method === 'POST' && r.path === '/api/import');
    expect(upload?.query.get('kind')).toBe('sale');
    expect(upload?.query.get('name')).toBe('sales.csv');
    expect(upload?.headers.get('Content-Type')).toBe('text/csv');
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body).toBe(file);
    expect(router.state.location.search).toEqual({ id: 1 });

    const price = screen.getByRole('combobox', { name: /^Стоимость/ });
    expect(price).toHaveValue('2');
    expect(within(price).getByRole('option', { name: 'Цена — 12 500, 8 000' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Наш канал/ })).toHaveAccessibleName(
      'Наш канал, обязательно',
    );
    const counterpart = screen.getByRole('combobox', { name: 'Канал рекламодателя' });
    expect(counterpart).toHaveValue('');
    await user.selectOptions(counterpart, '3');

    await user.click(screen.getByRole('button', { name: 'Проверить строки' }));
    expect(await screen.findByText('Стоимость: «12 5ОО» — не число')).toBeInTheDocument();
    const check = requests.find((r) => r.method === 'PUT');
    expect(check?.body).toEqual({ mapping: { dealDate: 0, channel: 1, price: 2, counterpart: 3 } });
    expect(screen.getByText('Готово к импорту:').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('С ошибками:').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Уже импортированы:').nextSibling).toHaveTextContent('0');
    expect(screen.getByText('Строка 2')).toBeInTheDocument();
    expect(screen.getByText('Новости Москвы → Маркетинг без воды')).toBeInTheDocument();
    expect(screen.getByText('01.03.2026')).toBeInTheDocument();
    expect(screen.getByText('12 500 руб')).toBeInTheDocument();
    expect(screen.getByText('оплачено 5 000 руб')).toBeInTheDocument();

    // Committing: the progress comes from GET /api/import/1 while the commit call runs.
    state = { ...draft, state: 'importing', valid: 2, invalid: 1, created: 1 };
    await user.click(screen.getByRole('button', { name: named('Импортировать 2 строки') }));
    const bar = await screen.findByRole('progressbar', { name: 'Импортируем… 1 из 3' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');

    state = { ...draft, state: 'done', valid: 2, invalid: 1, created: 2, skipped: 1, undoableUntil: FUTURE };
    finish();
    expect(await screen.findByRole('heading', { name: named('Создано 2 продажи') })).toBeInTheDocument();
    expect(screen.getByText('Пропущена 1 строка (с ошибками: 1)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К продажам' })).toHaveAttribute('href', '/sales');

    await user.click(screen.getByRole('button', { name: 'Отменить импорт' }));
    const sheet = await screen.findByRole('dialog', { name: 'Отменить импорт?' });
    expect(
      within(sheet).getByText(
        'Удалим 2 продажи этого импорта. Удалённое можно восстановить из корзины в течение 30 дней.',
      ),
    ).toBeInTheDocument();
    state = { ...state, state: 'undone', undoableUntil: null };
    await user.click(within(sheet).getByRole('button', { name: 'Отменить импорт' }));
    expect(await screen.findByText('Импорт отменён: удалено 2 продажи')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/import/1')).toBe(true);
  });

  it("shows the server's field error under its field", async () => {
    importApi({
      'GET /api/import/1': { body: draft },
      'PUT /api/import/1': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Проверьте колонки',
          fieldErrors: { 'mapping.price': ['Выберите колонку со стоимостью'] },
        },
      },
    });
    const { user } = renderApp('/sale/import?id=1');
    const price = await screen.findByRole('combobox', { name: /^Стоимость/ });
    await user.selectOptions(price, '');
    await user.click(screen.getByRole('button', { name: 'Проверить строки' }));
    expect(await screen.findByText('Выберите колонку со стоимостью')).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(/Выберите колонку со стоимостью/);
  });

  it("shows the server's message when it refuses a file, and refuses one over 20 MB before sending it", async () => {
    const { requests } = importApi({
      'POST /api/import': {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: 'В файле больше 200 колонок' },
      },
    });
    const { user } = renderApp('/purchase/import');
    expect(await screen.findByRole('heading', { name: 'Импорт закупок' })).toBeInTheDocument();
    await user.upload(fileInput(), csv());
    expect(await screen.findByRole('alert')).toHaveTextContent('В файле больше 200 колонок');
    expect(screen.getByRole('button', { name: 'Выбрать файл' })).toBeEnabled();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);

    const big = new File(['x'], 'big.xlsx');
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    await user.upload(fileInput(), big);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Файл больше 20 МБ'));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('lists the past imports: a done one undoes, an undone one says so, a draft opens', async () => {
    const { requests } = importApi({
      'GET /api/import': {
        body: {
          items: [
            listItem({
              id: 3,
              name: 'march.xlsx',
              state: 'done',
              created: 5,
              skipped: 2,
              undoableUntil: FUTURE,
            }),
            listItem({ id: 2, name: 'old.csv', state: 'undone', created: 1, skipped: 0 }),
            listItem({ id: 1, name: 'draft.csv' }),
          ],
          nextCursor: null,
        },
      },
      'GET /api/import/1': { body: { ...draft, name: 'draft.csv' } },
      'DELETE /api/import/3': { body: { removed: 5 } },
    });
    const { user, router } = renderApp('/sale/import');
    const list = await screen.findByRole('list', { name: 'Прошлые импорты' });
    expect(requests.find((r) => r.path === '/api/import')?.query.get('kind')).toBe('sale');
    expect(within(list).getByText('Создано 5 продаж · пропущено 2 строки')).toBeInTheDocument();
    expect(within(list).getAllByText('05.03.2026 12:30 · Анна Смирнова')).toHaveLength(3);
    expect(within(list).getByText('Отменён')).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: /Отменить импорт/ })).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: 'Отменить импорт: march.xlsx' }));
    const sheet = await screen.findByRole('dialog', { name: 'Отменить импорт?' });
    expect(within(sheet).getByText(/Удалим 5 продаж этого импорта/)).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Отменить импорт' }));
    expect(await screen.findByText('Импорт отменён: удалено 5 продаж')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /draft\.csv/ }));
    expect(await screen.findByText('Файл: draft.csv · 3 строки')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ id: 1 });
  });
});

describe("the list's ways into the import", () => {
  const viewerPermissions: Permissions = {
    ...demoUser.permissions,
    sale: { see: true, createOn: [], manageOn: [] },
  };
  const viewer = { ...demoUser, isOwner: false, permissions: viewerPermissions } satisfies CurrentUser;

  it("offers 'Импорт' to whoever may record deals, and 'Импорт из таблицы' on an empty list", async () => {
    dealListApi('sale', { items: [] });
    renderApp('/sales');
    expect(await screen.findByRole('link', { name: 'Импорт' })).toHaveAttribute('href', '/sale/import');
    expect(await screen.findByRole('link', { name: 'Импорт из таблицы' })).toHaveAttribute(
      'href',
      '/sale/import',
    );
  });

  it('offers no import to a role that cannot record deals', async () => {
    dealListApi('sale', { overrides: { 'GET /api/employee': { body: viewer } } });
    renderApp('/sales');
    expect(await screen.findByRole('link', { name: 'Удалённые' })).toBeInTheDocument();
    expect((await screen.findAllByText(/Новости Москвы/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Импорт' })).not.toBeInTheDocument();
  });

  it('says one deal and one skipped row with their cases: the undo question, the past imports', () => {
    const plain = (text: string) => text.replaceAll('\u00a0', ' ');
    expect(plain(importTexts.undoHint('sale', 1))).toBe(
      'Удалим 1 продажу этого импорта. Удалённое можно восстановить из корзины в течение 30 дней.',
    );
    expect(plain(importTexts.undoHint('purchase', 21))).toMatch(/^Удалим 21 закупку /);
    expect(plain(importTexts.createdLine('purchase', 1, 1))).toBe('Создана 1 закупка · пропущена 1 строка');
  });
});
