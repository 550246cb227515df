import type { Post } from '@addesk/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { dealFixture, noPost } from '../../../../../test/deal-api';
import { type FakeHandler, installFakeApi, type RecordedRequest } from '../../../../../test/fake-api';
import type { Deal } from '../form/deal-form-values';
import { PostCard } from './post-card';
import { durationText, termLines } from './post-facts';

const LINK = 'https://t.me/finance_for_all/123';
const empty = noPost;
// Published 14:30 Moscow time; read three times.
const known: Post = {
  ...empty,
  link: LINK,
  publishedAt: '2026-03-05T11:30:00Z',
  views: [
    { at: '2026-03-05T12:30:00Z', views: 1200 },
    { at: '2026-03-06T11:30:00Z', views: 8000 },
    { at: '2026-03-07T11:30:00Z', views: 12300 },
  ],
  views24h: 8000,
  views48h: 12300,
  checkedAt: '2026-03-07T11:30:00Z',
  cpm: 450,
};

afterEach(() => {
  vi.useRealTimers();
});

const calls = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

function setup(
  kind: 'sale' | 'purchase',
  post: Post,
  options: { editable?: boolean; handlers?: Record<string, FakeHandler> } = {},
) {
  const deal = dealFixture(kind, { postLink: post.link, cpm: post.cpm }) as unknown as Deal;
  const api = installFakeApi({
    [`GET /api/${kind}/5/post`]: { body: post },
    ...options.handlers,
  });
  const root = createRootRoute({
    component: () => <PostCard kind={kind} id={5} deal={deal} editable={options.editable ?? true} />,
  });
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...api, user: userEvent.setup() };
}

const card = () => screen.findByRole('region', { name: 'Пост' });
const normal = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');
/** The mark a device outside Moscow adds to the team's times (lib/format), as `normal` writes it. */
const mark = new Date('2026-03-05T11:30:00Z').getTimezoneOffset() === -180 ? '' : ' МСК';
const figure = (term: string) =>
  normal(screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent);
const lines = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('listitem')
    .map((item) => normal(item.textContent));

describe('PostCard', () => {
  it("without a link says so, and offers the field and the bot's posts on a sale", async () => {
    setup('sale', empty);
    const region = await card();
    expect(await within(region).findByText('Ссылки на пост нет')).toBeInTheDocument();
    expect(within(region).getByRole('textbox', { name: 'Ссылка на пост' })).toHaveAttribute(
      'placeholder',
      'https://t.me/канал/123',
    );
    expect(within(region).getByRole('button', { name: 'Выбрать пост' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Отчёт для рекламодателя' })).not.toBeInTheDocument();
  });

  it('offers no field and no report to a person who may not change the deal', async () => {
    setup('sale', empty, { editable: false });
    const region = await card();
    expect(await within(region).findByText('Ссылки на пост нет')).toBeInTheDocument();
    expect(within(region).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Выбрать пост' })).not.toBeInTheDocument();
  });

  it('hides the report from a person who may not change the deal, but lets them refresh', async () => {
    setup('sale', { ...known, reportShared: true }, { editable: false });
    const region = await card();
    await within(region).findByRole('link', { name: LINK });
    expect(within(region).queryByText('Отчёт для рекламодателя')).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Отозвать/ })).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Обновить' })).toBeInTheDocument();
  });

  it('refuses a pasted link that names no post, and saves a good one normalized at the deal version', async () => {
    const { user, requests } = setup('purchase', empty, {
      handlers: { 'PATCH /api/purchase/5': { body: dealFixture('purchase', { version: 3 }) } },
    });
    const region = await card();
    const field = await within(region).findByRole('textbox', { name: 'Ссылка на пост' });
    await user.type(field, 'https://example.com/1');
    await user.tab();
    expect(field).toHaveAccessibleDescription('Ссылка на пост: https://t.me/имя_канала/номер');
    await user.click(within(region).getByRole('button', { name: 'Сохранить ссылку' }));
    expect(calls(requests, 'PATCH', '/api/purchase/5')).toHaveLength(0);
    // A purchase has no bot's posts to choose from.
    expect(within(region).queryByRole('button', { name: 'Выбрать пост' })).not.toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 't.me/finance_for_all/123/');
    await user.click(within(region).getByRole('button', { name: 'Сохранить ссылку' }));
    await waitFor(() => expect(calls(requests, 'PATCH', '/api/purchase/5')).toHaveLength(1));
    expect(calls(requests, 'PATCH', '/api/purchase/5')[0]?.body).toEqual({ postLink: LINK, version: 2 });
  });

  it('on 409 says the deal was changed by someone else and reloads it', async () => {
    const { user, requests } = setup('sale', empty, {
      handlers: {
        'PATCH /api/sale/5': {
          status: 409,
          body: { code: 'VERSION_CONFLICT', message: 'Запись изменена' },
        },
      },
    });
    const region = await card();
    await user.type(await within(region).findByRole('textbox', { name: 'Ссылка на пост' }), LINK);
    await user.click(within(region).getByRole('button', { name: 'Сохранить ссылку' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Эту запись уже изменил кто-то другой',
    );
    expect(calls(requests, 'PATCH', '/api/sale/5')).toHaveLength(1);
  });

  it("picks one of the bot's posts on a sale: its time and first line, and saves its link", async () => {
    const { user, requests } = setup('sale', empty, {
      handlers: {
        'GET /api/sale/5/post/candidates': {
          body: [{ link: LINK, publishedAt: '2026-03-05T11:30:00Z', text: '\nСкидки недели\nвторая строка' }],
        },
        'PATCH /api/sale/5': { body: dealFixture('sale', { version: 3 }) },
      },
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Выбрать пост' }));
    const sheet = await screen.findByRole('dialog', { name: 'Выбрать пост' });
    const choice = await within(sheet).findByRole('button', { name: /Скидки недели/ });
    expect(normal(choice.textContent)).toBe(`05.03 14:30${mark}Скидки недели`);
    await user.click(choice);
    await waitFor(() => expect(calls(requests, 'PATCH', '/api/sale/5')).toHaveLength(1));
    expect(calls(requests, 'PATCH', '/api/sale/5')[0]?.body).toEqual({ postLink: LINK, version: 2 });
  });

  it('shows the link, found by the bot, publication, views at 24 and 48 hours, CPM and a chart', async () => {
    setup('purchase', { ...known, foundByBot: true, costPerSubscriber: 35 });
    const region = await card();
    const link = await within(region).findByRole('link', { name: LINK });
    expect(link).toHaveAttribute('href', LINK);
    expect(link).toHaveAttribute('target', '_blank');
    expect(region).toHaveTextContent('Пост найден');
    expect(region).toHaveTextContent('Опубликован 05.03.2026 14:30');
    expect(figure('Просмотры')).toBe('12 300');
    expect(figure('за 24 ч')).toBe('8 000');
    expect(figure('за 48 ч')).toBe('12 300');
    expect(figure('CPM')).toBe('450 руб');
    expect(figure('Подписчик')).toBe('35 руб');
    expect(region).toHaveTextContent('Проверено 07.03 14:30');
    const chart = within(region).getByRole('img');
    expect(normal(chart.getAttribute('aria-label'))).toBe(
      `Просмотры по времени, 05.03 15:30${mark}–07.03 14:30${mark}: от 1 200 до 12 300.`,
    );
    expect(chart.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
  });

  it('says the terms kept: the top, and the feed to its end', async () => {
    setup('sale', {
      ...known,
      topKept: true,
      topUntil: '2026-03-05T14:30:00Z',
      feedKept: true,
      feedUntil: '2026-03-07T11:30:00Z',
    });
    const region = await card();
    await within(region).findByRole('link', { name: LINK });
    expect(lines(region)).toEqual(['В топе 3 ч — выполнено', `В ленте до 07.03 14:30${mark} — выполнено`]);
    expect(region).not.toHaveTextContent('Пост найден');
  });

  it('says a post pushed from the top after 40 minutes and deleted early, and edited', async () => {
    setup('sale', {
      ...known,
      topKept: false,
      displacedAt: '2026-03-05T12:10:00Z',
      feedKept: false,
      feedUntil: '2026-03-07T11:30:00Z',
      deletedAt: '2026-03-06T07:00:00Z',
      editedAt: '2026-03-05T13:00:00Z',
    });
    const region = await card();
    await within(region).findByRole('link', { name: LINK });
    expect(lines(region)).toEqual([
      'Сдвинут из топа через 40 мин',
      `Удалён раньше срока: 06.03 10:00${mark}`,
      'Изменён после публикации',
    ]);
  });

  it('says while the terms run until when', () => {
    expect(
      termLines({ ...known, topUntil: '2026-03-05T14:30:00Z', feedUntil: '2026-03-07T11:30:00Z' }).map(
        (line) => [normal(line.text), line.state],
      ),
    ).toEqual([
      [`В топе до 05.03 17:30${mark}`, 'pending'],
      [`В ленте до 07.03 14:30${mark}`, 'pending'],
    ]);
    expect(durationText('2026-03-05T11:30:00Z', '2026-03-05T13:35:00Z')).toBe('2 ч 5 мин');
    expect(durationText('2026-03-05T11:30:00Z', '2026-03-05T13:30:00Z')).toBe('2 ч');
  });

  it("asks for a reading with 'Обновить', says when it runs, and fetches the post after it", async () => {
    const checkAt = new Date(Date.now() + 60_000).toISOString();
    let served = 0;
    const { user, requests } = setup('sale', known, {
      handlers: {
        'GET /api/sale/5/post': () => {
          served++;
          return { body: served === 1 ? known : { ...known, checkedAt: '2026-03-08T11:30:00Z' } };
        },
        'POST /api/sale/5/post/refresh': { status: 202, body: { checkAt } },
      },
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Обновить' }));
    const status = await within(region).findByRole('status');
    const moscow = new Intl.DateTimeFormat('ru-RU', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Moscow',
    }).format(new Date(checkAt));
    expect(normal(status.textContent)).toMatch(new RegExp(`^Обновим в ${moscow}`));
    expect(calls(requests, 'POST', '/api/sale/5/post/refresh')).toHaveLength(1);
    expect(within(region).queryByRole('button', { name: 'Обновить' })).not.toBeInTheDocument();
  });

  it('fetches the post again a few seconds after the reading time, and offers the button again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const checkAt = new Date(Date.now() + 60_000).toISOString();
    let served = 0;
    const { requests } = setup('sale', known, {
      handlers: {
        'GET /api/sale/5/post': () => {
          served++;
          return { body: served === 1 ? known : { ...known, checkedAt: '2026-03-08T11:30:00Z' } };
        },
        'POST /api/sale/5/post/refresh': { status: 202, body: { checkAt } },
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Обновить' }));
    await within(region).findByRole('status');
    // Not before the reading has had its few seconds.
    await vi.advanceTimersByTimeAsync(64_000);
    expect(calls(requests, 'GET', '/api/sale/5/post')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(region).toHaveTextContent('Проверено 08.03 14:30'));
    expect(calls(requests, 'GET', '/api/sale/5/post')).toHaveLength(2);
    expect(within(region).getByRole('button', { name: 'Обновить' })).toBeInTheDocument();
  });

  it('creates the report link, copies it, and revokes it after the confirming sheet', async () => {
    const url = 'https://addesk.ru/r/AbCdEfGhIjKlMnOpQrStUv';
    let shared = false;
    const { user, requests } = setup('sale', known, {
      handlers: {
        'GET /api/sale/5/post': () => ({ body: { ...known, reportShared: shared } }),
        'POST /api/sale/5/report-link': () => {
          shared = true;
          return { status: 201, body: { url } };
        },
        'DELETE /api/sale/5/report-link': () => {
          shared = false;
          return { status: 204 };
        },
      },
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Отчёт для рекламодателя' }));
    expect(await within(region).findByText(url)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Скопировать' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await within(region).findByRole('button', { name: 'Скопировано' })).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Отозвать ссылку' }));
    const sheet = await screen.findByRole('dialog', { name: 'Отозвать ссылку на отчёт?' });
    await user.click(within(sheet).getByRole('button', { name: 'Отозвать ссылку' }));
    await waitFor(() => expect(calls(requests, 'DELETE', '/api/sale/5/report-link')).toHaveLength(1));
    await waitFor(() => expect(within(region).queryByText(url)).not.toBeInTheDocument());
    expect(
      await within(region).findByRole('button', { name: 'Отчёт для рекламодателя' }),
    ).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/sale/5/report-link')).toHaveLength(1);
  });

  it("says a live report link it cannot show, with 'Новая ссылка' and 'Отозвать', on a purchase for the client", async () => {
    const { user, requests } = setup(
      'purchase',
      { ...known, reportShared: true },
      {
        handlers: {
          'POST /api/purchase/5/report-link': {
            status: 201,
            body: { url: 'https://addesk.ru/r/NewNewNewNewNewNewNewNew' },
          },
        },
      },
    );
    const region = await card();
    expect(await within(region).findByText('Отчёт для клиента')).toBeInTheDocument();
    expect(region).toHaveTextContent('Ссылка на отчёт действует');
    expect(within(region).getByRole('button', { name: 'Отозвать' })).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Новая ссылка' }));
    expect(
      await within(region).findByText('https://addesk.ru/r/NewNewNewNewNewNewNewNew'),
    ).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/purchase/5/report-link')).toHaveLength(1);
  });
});
