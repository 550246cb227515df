import type { Post } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dealApi, dealFixture, oleg, salesManager } from './deal-api';
import type { RecordedRequest } from './fake-api';
import { renderApp } from './render-app';

// 'Ссылка на пост' in the deal form (issue 36): read by the contract's rule, sent as the normalized link, and a
// cleared one removed with null.

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.useRealTimers();
});

const MESSAGE = 'Ссылка на пост: https://t.me/имя_канала/номер';
const postLink = () => screen.getByRole('textbox', { name: 'Ссылка на пост' });
const calls = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

async function pick(user: UserEvent, label: string, option: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${label}`) }));
  const sheet = await screen.findByRole('dialog', { name: label });
  await user.click(await within(sheet).findByRole('button', { name: new RegExp(`^${option}`) }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: label })).not.toBeInTheDocument());
}

describe.each(['sale', 'purchase'] as const)('the post link of a %s', (kind) => {
  const submit = kind === 'sale' ? 'Создать продажу' : 'Создать закупку';

  it('refuses a link that names no post, with the message, and sends nothing', async () => {
    const { requests } = dealApi(kind);
    const { user } = renderApp(`/${kind}/new`);
    await pick(user, 'Наш канал', 'Финансы для всех');
    await pick(user, 'Формат рекламы', 'Пост');
    if (kind === 'sale') await pick(user, 'Тип рекламы', 'Прямая реклама');
    expect(postLink()).toHaveAttribute('placeholder', 'https://t.me/канал/123');
    await user.type(postLink(), 'https://t.me/c/123/45');
    await user.tab();
    await waitFor(() => expect(postLink()).toHaveAccessibleDescription(MESSAGE));
    expect(postLink()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: submit }));
    expect(calls(requests, 'POST', `/api/${kind}`)).toHaveLength(0);
  });

  it('sends a good link as https://t.me/<username>/<id>', async () => {
    const { requests } = dealApi(kind);
    const { user } = renderApp(`/${kind}/new`);
    await pick(user, 'Наш канал', 'Финансы для всех');
    await pick(user, 'Формат рекламы', 'Пост');
    if (kind === 'sale') await pick(user, 'Тип рекламы', 'Прямая реклама');
    await user.type(postLink(), ' t.me/finance_for_all/123?single ');
    await user.click(screen.getByRole('button', { name: submit }));
    await waitFor(() => expect(calls(requests, 'POST', `/api/${kind}`)).toHaveLength(1));
    expect(calls(requests, 'POST', `/api/${kind}`)[0]?.body).toMatchObject({
      postLink: 'https://t.me/finance_for_all/123',
    });
  });

  it('removes a cleared link with null, at the deal version', async () => {
    const { requests, store } = dealApi(kind);
    store.deal = dealFixture(kind, { postLink: 'https://t.me/finance_for_all/7' });
    const { user } = renderApp(`/${kind}/5`);
    await user.click(await screen.findByRole('button', { name: 'Редактирование' }));
    expect(postLink()).toHaveValue('https://t.me/finance_for_all/7');
    await user.clear(postLink());
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(calls(requests, 'PATCH', `/api/${kind}/5`)).toHaveLength(1));
    expect(calls(requests, 'PATCH', `/api/${kind}/5`)[0]?.body).toEqual({ postLink: null, version: 2 });
  });

  it("shows the server's error for the link under the field", async () => {
    dealApi(kind, {
      [`POST /api/${kind}`]: {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Проверьте введённые данные',
          fieldErrors: { postLink: ['Этот пост уже указан в другой сделке'] },
        },
      },
    });
    const { user } = renderApp(`/${kind}/new`);
    await pick(user, 'Наш канал', 'Финансы для всех');
    await pick(user, 'Формат рекламы', 'Пост');
    if (kind === 'sale') await pick(user, 'Тип рекламы', 'Прямая реклама');
    await user.type(postLink(), 'https://t.me/finance_for_all/9');
    await user.click(screen.getByRole('button', { name: submit }));
    await waitFor(() =>
      expect(postLink()).toHaveAccessibleDescription('Этот пост уже указан в другой сделке'),
    );
  });
});

const post: Post = {
  link: 'https://t.me/finance_for_all/7',
  publishedAt: '2026-03-05T11:30:00Z',
  views: [{ at: '2026-03-06T11:30:00Z', views: 8000 }],
  views24h: 8000,
  views48h: null,
  topHours: 3,
  topUntil: '2026-03-05T14:30:00Z',
  topKept: true,
  displacedAt: null,
  feedUntil: null,
  feedKept: null,
  deletedAt: null,
  editedAt: null,
  checkedAt: '2026-03-06T11:30:00Z',
  text: 'Скидки недели',
  cpm: 1562.5,
  costPerSubscriber: null,
  foundByBot: true,
  nextCheckAt: null,
  reportShared: false,
};

describe("the deal's screen", () => {
  it("shows the 'Пост' card with the report for whoever may change the deal", async () => {
    dealApi('sale', {
      'GET /api/sale/5': { body: dealFixture('sale', { postLink: post.link, cpm: post.cpm }) },
      'GET /api/sale/5/payments': { body: [] },
      'GET /api/sale/5/post': { body: post },
    });
    renderApp('/sale/5');
    const card = await screen.findByRole('region', { name: 'Пост' });
    expect(await within(card).findByRole('link', { name: post.link ?? '' })).toBeInTheDocument();
    expect(card).toHaveTextContent('В топе 3 ч — выполнено');
    expect(within(card).getByRole('button', { name: 'Отчёт для рекламодателя' })).toBeInTheDocument();
  });

  it("shows a colleague's sale without a link field and without the report", async () => {
    const byOleg = { id: oleg.id, firstName: oleg.firstName, secondName: oleg.secondName, iconLink: null };
    dealApi('sale', {
      'GET /api/employee': { body: salesManager },
      'GET /api/sale/5': { body: dealFixture('sale', { soldByEmployeeInfo: byOleg }) },
      'GET /api/sale/5/payments': { body: [] },
      'GET /api/sale/5/post': { body: { ...post, link: null } },
    });
    renderApp('/sale/5');
    const card = await screen.findByRole('region', { name: 'Пост' });
    expect(await within(card).findByText('Ссылки на пост нет')).toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Выбрать пост' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Отчёт для рекламодателя' })).not.toBeInTheDocument();
  });
});
