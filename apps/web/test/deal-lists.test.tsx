import type { DealKind } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deal, dealListApi, filterCalls, installIntersectionObserver, news } from './deal-list-api';
import { advance, holdClockAt, lastInput, resumeClock, useFakeClock, userOnFakeClock } from './fake-clock';
import { renderApp } from './render-app';

// /sales and /purchases (spec §2.5/§2.6 with decisions D2): one screen, two kinds. Every test runs for both.

const kinds = [
  {
    kind: 'sale',
    path: '/sales',
    title: 'Продажи',
    item: '/sale',
    line: 'Кому продавали',
    empty: 'Здесь пока нет продаж...',
    by: 'soldBy',
    date: 'saleDateCondition',
    dateLabel: 'Дата продажи',
    one: 'Продажа',
    add: 'Добавить продажу',
  },
  {
    kind: 'purchase',
    path: '/purchases',
    title: 'Закупки',
    item: '/purchase',
    line: 'У кого закупали',
    empty: 'Здесь пока нет закупок...',
    by: 'purchasedBy',
    date: 'purchaseDateCondition',
    dateLabel: 'Дата закупки',
    one: 'Закупка',
    add: 'Добавить закупку',
  },
] as const satisfies ReadonlyArray<{ kind: DealKind } & Record<string, string>>;

// Whole screens through the real router: slow on a busy two-core machine, so wait longer than the defaults.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  // Wednesday, 18 March 2026, noon in Moscow. Only Date is faked: timers and promises run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-18T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** A pause in typing this long sends the list's search. */
const SEARCH_DEBOUNCE_MS = 300;

const cards = () => screen.findAllByRole('article');
/** The team's (Moscow) short name a time carries on a device whose clock shows another time (decisions D5). */
const mark = new Date('2026-03-05T11:30:00Z').getTimezoneOffset() === -180 ? '' : '\u00a0МСК';
const chip = (name: RegExp | string) => screen.getByRole('button', { name });

describe.each(kinds)('$path', (k) => {
  it('shows the title, the add button and the cards with every field', async () => {
    const { requests } = dealListApi(k.kind, {
      items: [
        deal(k.kind, 41, {
          price: 12_500,
          accommodationTime: '2026-03-05T11:30:00.000Z',
          contactPerson: {
            id: 9,
            name: 'Ирина Волкова',
            iconLink: 'https://cdn.example/irina.jpg',
            profileLink: null,
            externalUserId: null,
          },
        }),
      ],
    });
    renderApp(k.path);

    expect(await screen.findByRole('heading', { level: 1, name: k.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: k.add })).toHaveAttribute('href', `${k.item}/new`);
    const [card] = await cards();
    const inCard = within(card as HTMLElement);
    expect(inCard.getByRole('heading', { name: 'Новости Москвы' })).toBeInTheDocument();
    expect(inCard.getByRole('img', { name: 'Новости Москвы' })).toHaveAttribute(
      'src',
      'https://cdn.example/news.jpg',
    );
    expect(inCard.getByRole('img', { name: 'Ирина Волкова' })).toHaveAttribute(
      'src',
      'https://cdn.example/irina.jpg',
    );
    const details = inCard.getByRole('link', { name: 'Детали' });
    expect(details).toHaveAttribute('href', `${k.item}/41`);
    expect(details).toHaveAccessibleDescription('Новости Москвы');

    const field = (label: string) => inCard.getByText(label).nextElementSibling?.textContent;
    expect(field(k.line)).toBe('Ирина Волкова');
    expect(field('Стоимость')).toBe('12\u00a0500\u00a0руб');
    // Decisions D5: the deal date the list is sorted by, and the placement; 11:30 UTC is 14:30 in Moscow.
    // On a card the date's label is the kind's word; the placement of the date's year goes without it (issue 33).
    expect(field(k.one)).toBe('04.03.2026');
    expect(field('Размещение')).toBe(`05.03, 14:30${mark}`);
    expect(field('Статус')).toBe('Согласована');

    // Decisions D2: each kind asks its own filter call.
    expect(requests.some((r) => r.path === `/api/${k.kind}/filter`)).toBe(true);
    const other = k.kind === 'sale' ? 'purchase' : 'sale';
    expect(requests.some((r) => r.path.startsWith(`/api/${other}`))).toBe(false);
  });

  it("falls back to 'Без статуса', 'Неизвестный канал', the other side's channel and initials", async () => {
    dealListApi(k.kind, {
      items: [
        deal(k.kind, 1, {
          status: { id: 2, name: ' ' },
          channelInfo: { id: 5, name: '', iconLink: null },
          contactPerson: null,
          external: {
            id: 4,
            name: 'Маркетинг без воды',
            iconLink: null,
            channelLink: null,
            externalChannelId: null,
          },
        }),
        deal(k.kind, 2, {
          contactPerson: null,
          external: { id: 4, name: '', iconLink: null, channelLink: null, externalChannelId: null },
        }),
        deal(k.kind, 3, { contactPerson: null, external: null, price: 1_000_000.5 }),
      ],
    });
    renderApp(k.path);

    const [first, second, third] = (await cards()) as HTMLElement[];
    const field = (card: HTMLElement | undefined, label: string) =>
      within(card as HTMLElement).getByText(label).nextElementSibling?.textContent;

    expect(
      within(first as HTMLElement).getByRole('heading', { name: 'Неизвестный канал' }),
    ).toBeInTheDocument();
    expect(field(first, 'Статус')).toBe('Без статуса');
    expect(field(first, k.line)).toBe('Маркетинг без воды');
    // No pictures: initials in their place.
    expect(within(first as HTMLElement).getByRole('img', { name: 'Маркетинг без воды' })).toHaveTextContent(
      'МБ',
    );
    expect(within(first as HTMLElement).getByRole('img', { name: 'Неизвестный канал' })).toHaveTextContent(
      'НК',
    );

    expect(field(second, k.line)).toBe('Неизвестный канал');
    expect(field(third, k.line)).toBe('Не указан');
    expect(field(third, 'Стоимость')).toBe('1\u00a0000\u00a0000,50\u00a0руб');
  });

  it('writes the year of a placement in another year than the deal date', async () => {
    dealListApi(k.kind, { items: [deal(k.kind, 5, { accommodationTime: '2027-01-02T09:00:00.000Z' })] });
    renderApp(k.path);
    const [card] = await cards();
    expect(within(card as HTMLElement).getByText('Размещение').nextElementSibling?.textContent).toBe(
      `02.01.2027, 12:00${mark}`,
    );
  });

  it("shows a cancelled deal's price struck through and no payment state: nobody owes it", async () => {
    dealListApi(k.kind, { items: [deal(k.kind, 5, { cancelled: true }), deal(k.kind, 6)] });
    renderApp(k.path);
    const [cancelled, live] = (await cards()) as HTMLElement[];
    const price = (card: HTMLElement | undefined) =>
      within(card as HTMLElement).getByText('Стоимость').nextElementSibling;
    expect(within(cancelled as HTMLElement).queryByText('Не оплачено')).toBeNull();
    expect(price(cancelled)).toHaveClass('line-through');
    expect(within(live as HTMLElement).getByText('Не оплачено')).toBeInTheDocument();
    expect(price(live)).not.toHaveClass('line-through');
  });

  it('says the list is empty and offers its add button there', async () => {
    dealListApi(k.kind, { items: [] });
    renderApp(k.path);
    expect(await screen.findByText(k.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сбросить фильтры' })).not.toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: k.add })).toHaveAttribute('href', `${k.item}/new`);
  });

  it("says 'Ничего не найдено' when the filters and the search find nothing; 'Сбросить фильтры' clears both, keeping the tab", async () => {
    dealListApi(k.kind, { items: [] });
    const { user, router } = renderApp(`${k.path}?statusId=2&q=zebra&view=table`);
    expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
    expect(screen.queryByText(k.empty)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(router.state.location.href).toBe(`${k.path}?view=table`));
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('');
    expect(await screen.findByText(k.empty)).toBeInTheDocument();
  });

  it("switches to 'Таблица' in the URL (replacing the entry) and shows the columns", async () => {
    dealListApi(k.kind, {
      items: [
        deal(k.kind, 7, { status: { id: 4, name: '' }, price: 25_000 }),
        deal(k.kind, 8, {
          channelInfo: { id: 5, name: '', iconLink: null },
          contactPerson: null,
          external: null,
        }),
      ],
    });
    const { user, router } = renderApp(k.path);
    await cards();
    const push = vi.spyOn(router.history, 'push');
    const replace = vi.spyOn(router.history, 'replace');

    expect(screen.getByRole('tab', { name: 'Карточки' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Таблица' }));

    const table = await screen.findByRole('table', { name: k.title });
    expect(router.state.location.href).toBe(`${k.path}?view=table`);
    expect(replace).toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: 'Таблица' })).toHaveAttribute('aria-selected', 'true');

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Детали', 'Контакт, Статус', `${k.dateLabel}, Размещение`, 'Стоимость, Оплата']);
    const [, row1, row2] = within(table).getAllByRole('row') as HTMLElement[];
    const cells1 = within(row1 as HTMLElement).getAllByRole('cell');
    const link = within(cells1[0] as HTMLElement).getByRole('link');
    expect(link).toHaveAttribute('href', `${k.item}/7`);
    expect(link).toHaveAccessibleName(
      `${k.kind === 'sale' ? 'Продажа' : 'Закупка'}: Новости Москвы, Ирина Волкова`,
    );
    expect(cells1.slice(1).map((cell) => cell.textContent)).toEqual([
      'Ирина Волкова, Без статуса',
      `04.03.2026, 05.03, 14:30${mark}`,
      '25\u00a0000 руб, Не оплачено',
    ]);
    const cells2 = within(row2 as HTMLElement).getAllByRole('cell');
    expect(within(cells2[0] as HTMLElement).getByRole('link')).toHaveAccessibleName(
      `${k.kind === 'sale' ? 'Продажа' : 'Закупка'}: Неизвестный канал, Не указан`,
    );

    await user.click(screen.getByRole('tab', { name: 'Карточки' }));
    await waitFor(() => expect(router.state.location.href).toBe(k.path));
    expect(push).not.toHaveBeenCalled();
  });

  it("shows one channel's list at /channels/{id}/…: the channel fixed, named in the title, no channel chip", async () => {
    const { requests } = dealListApi(k.kind, {
      items: [deal(k.kind, 1)],
      overrides: { 'GET /api/channel/5': { body: news } },
    });
    const { user, router } = renderApp(`/channels/5${k.path}?channelId=6`);
    expect(
      await screen.findByRole('heading', { level: 1, name: `${k.title} · Новости Москвы` }),
    ).toBeInTheDocument();
    await cards();
    expect(screen.queryByRole('button', { name: /^Канал/ })).not.toBeInTheDocument();
    // The address's own channelId is no filter here: the page's channel is.
    expect(filterCalls(requests, k.kind)).toEqual(['channelId=5']);

    await user.click(chip('Статус'));
    await user.click(await screen.findByRole('checkbox', { name: 'Согласована' }));
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/channels/5${k.path}`));
    await waitFor(() => expect(filterCalls(requests, k.kind).at(-1)).toMatch(/^channelId=5&statusId=\d+$/));
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/channels/5');
  });

  it('searches after a pause in typing, keeps the search in the URL and clears it with one tap', async () => {
    const { requests } = dealListApi(k.kind, {
      pages: (request) => ({
        body: {
          items: request.query.get('q') ? [deal(k.kind, 2, { price: 700 })] : [deal(k.kind, 1)],
          nextCursor: null,
        },
      }),
    });
    // The pause runs on a clock moved by hand (fake-clock.ts); Date stays on the day set above (afterEach undoes it).
    useFakeClock({ date: true });
    const { user, router } = renderApp(k.path, { user: userOnFakeClock });
    await cards();
    const push = vi.spyOn(router.history, 'push');

    const box = screen.getByRole('searchbox', { name: 'Поиск' });
    const typedAt = lastInput(box);
    await user.type(box, 'Жёлтая суб');
    const searched = `q=${encodeURIComponent('Жёлтая суб').replace(/%20/g, '+')}`;
    // Nothing is searched while typing, nor 1 ms before the pause is over...
    expect(filterCalls(requests, k.kind)).toEqual(['']);
    await holdClockAt(typedAt() + SEARCH_DEBOUNCE_MS - 1);
    expect(router.state.location.search).toEqual({});
    expect(filterCalls(requests, k.kind)).toEqual(['']);
    // ...and at its end, the whole text: one request for it, not one per letter.
    await advance(1);
    expect(router.state.location.search).toEqual({ q: 'Жёлтая суб' });
    expect(filterCalls(requests, k.kind)).toEqual(['', searched]);
    resumeClock();
    await screen.findByText('700 руб');
    expect(filterCalls(requests, k.kind)).toEqual(['', searched]);
    expect(push).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Очистить поиск' }));
    await waitFor(() => expect(router.state.location.href).toBe(k.path));
    expect(box).toHaveValue('');
  });

  it.each(['@alina_mkt', 't.me/alina_mkt', 'https://t.me/alina_mkt'])(
    'searches %s as alina_mkt, the box keeping what was typed (issue 33)',
    async (typed) => {
      const { requests } = dealListApi(k.kind, {
        pages: (request) => ({
          body: {
            items:
              request.query.get('q') === 'alina_mkt' ? [deal(k.kind, 2, { price: 700 })] : [deal(k.kind, 1)],
            nextCursor: null,
          },
        }),
      });
      useFakeClock({ date: true });
      const { user, router } = renderApp(k.path, { user: userOnFakeClock });
      await cards();
      const box = screen.getByRole('searchbox', { name: 'Поиск' });
      await user.type(box, typed);
      await advance(SEARCH_DEBOUNCE_MS);
      await waitFor(() => expect(router.state.location.search).toEqual({ q: 'alina_mkt' }));
      await screen.findByText('700 руб');
      expect(box).toHaveValue(typed);
      expect(filterCalls(requests, k.kind)).toEqual(['', 'q=alina_mkt']);
    },
  );

  it('orders by the deal date by default and by the placement on request, in the URL and the call', async () => {
    const { requests } = dealListApi(k.kind, { items: [deal(k.kind, 1)] });
    const { user, router } = renderApp(`${k.path}?q=zebra`);
    await cards();
    const order = screen.getByRole('combobox', { name: 'Сначала новые' });
    expect(order).toHaveDisplayValue(k.kind === 'sale' ? 'по дате продажи' : 'по дате закупки');
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('zebra');

    await user.selectOptions(order, 'по размещению');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'zebra', sort: 'placement' }));
    await waitFor(() => expect(filterCalls(requests, k.kind)).toContain('q=zebra&sort=placement'));

    // Resetting the filters clears the search but keeps the order.
    await user.click(screen.getByRole('button', { name: 'Сбросить' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'placement' }));
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('');
  });

  it("filters by channel: the team's channels, the URL replaced, the list asked again; 'Все' clears", async () => {
    const { requests } = dealListApi(k.kind, {
      pages: (request) => ({
        body: {
          items: request.query.get('channelId') ? [deal(k.kind, 2, { price: 700 })] : [deal(k.kind, 1)],
          nextCursor: null,
        },
      }),
    });
    const { user, router } = renderApp(k.path);
    await cards();
    const push = vi.spyOn(router.history, 'push');
    const replace = vi.spyOn(router.history, 'replace');

    await user.click(chip('Канал'));
    const dialog = await screen.findByRole('dialog', { name: 'Канал' });
    expect(within(dialog).getByRole('checkbox', { name: 'Все' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Новости Москвы' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Крипта' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Все' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));

    await waitFor(() => expect(router.state.location.href).toBe(`${k.path}?channelId=6`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await screen.findByText('700 руб');
    expect(filterCalls(requests, k.kind)).toEqual(['', 'channelId=6']);
    expect(chip('Канал: Крипта')).toBeInTheDocument();
    // The channels come from GET /api/channel (the team's, not the names in the loaded list).
    expect(requests.find((r) => r.path === '/api/channel')?.query.get('limit')).toBe('200');

    // Several at once: joined with commas.
    await user.click(chip('Канал: Крипта'));
    await user.click(await screen.findByRole('checkbox', { name: 'Новости Москвы' }));
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(router.state.location.href).toBe(`${k.path}?channelId=6%2C5`));
    await waitFor(() => expect(filterCalls(requests, k.kind)).toContain('channelId=6%2C5'));
    expect(chip('Канал: Крипта +1')).toBeInTheDocument();

    await user.click(chip('Канал: Крипта +1'));
    await user.click(await screen.findByRole('checkbox', { name: 'Все' }));
    expect(screen.getByRole('checkbox', { name: 'Крипта' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(router.state.location.href).toBe(k.path));
    expect(chip('Канал')).toBeInTheDocument();

    expect(replace).toHaveBeenCalledTimes(3);
    expect(push).not.toHaveBeenCalled();
  });

  it("filters by the kind's statuses and by manager (first names), under the kind's parameter names", async () => {
    const { requests } = dealListApi(k.kind);
    const { user, router } = renderApp(k.path);
    await cards();

    await user.click(chip('Статус'));
    const statuses = await screen.findByRole('dialog', { name: 'Статус' });
    const names = within(statuses)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(names).toEqual(['Все', 'Новая', 'Согласована', 'Оплачена']);
    await user.click(within(statuses).getByRole('checkbox', { name: 'Оплачена' }));
    await user.click(within(statuses).getByRole('button', { name: 'Применить' }));
    const statusId = k.kind === 'sale' ? 4 : 13;
    await waitFor(() => expect(router.state.location.href).toBe(`${k.path}?statusId=${statusId}`));
    expect(chip('Статус: Оплачена')).toBeInTheDocument();

    await user.click(chip('Менеджер'));
    const managers = await screen.findByRole('dialog', { name: 'Менеджер' });
    // Labelled by first name; two Annas are told apart by their second names.
    expect(within(managers).getByRole('checkbox', { name: 'Олег' })).toBeInTheDocument();
    const annas = within(managers).getAllByRole('checkbox', { name: 'Анна' });
    expect(annas).toHaveLength(2);
    expect(annas[0]).toHaveAccessibleDescription('Смирнова');
    expect(annas[1]).toHaveAccessibleDescription('Белова');
    expect(within(managers).getByRole('checkbox', { name: 'Олег' })).not.toHaveAccessibleDescription();
    await user.click(within(managers).getByRole('checkbox', { name: 'Олег' }));
    await user.click(within(managers).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(router.state.location.href).toBe(`${k.path}?statusId=${statusId}&${k.by}=21`));
    await waitFor(() => expect(filterCalls(requests, k.kind).at(-1)).toBe(`statusId=${statusId}&${k.by}=21`));
    expect(chip('Менеджер: Олег')).toBeInTheDocument();
    expect(requests.some((r) => r.path === `/api/${k.kind}/statuses`)).toBe(true);
  });

  it('filters by a period from the picker, labelled on the chip', async () => {
    const { requests } = dealListApi(k.kind);
    const { user, router } = renderApp(k.path);
    await cards();
    expect(chip('Период: За все время')).toBeInTheDocument();

    await user.click(chip('Период: За все время'));
    const dialog = await screen.findByRole('dialog', { name: 'Период' });
    const done = within(dialog).getByRole('button', { name: 'Готово' });
    expect(done).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: /^3 марта 2026/ }));
    expect(done).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: /^17 марта 2026/ }));
    await user.click(done);

    const query = new URLSearchParams({ [k.date]: '=bt=(2026-03-03,2026-03-17)' }).toString();
    await waitFor(() => expect(router.state.location.href).toBe(`${k.path}?${query}`));
    await waitFor(() => expect(filterCalls(requests, k.kind).at(-1)).toBe(query));
    expect(chip('Период: 03 мар – 17 мар')).toBeInTheDocument();

    await user.click(chip('Период: 03 мар – 17 мар'));
    const again = await screen.findByRole('dialog', { name: 'Период' });
    // Opened on the chosen range: nothing changed yet.
    expect(within(again).getByRole('button', { name: 'Готово' })).toBeDisabled();
    await user.click(within(again).getByRole('button', { name: 'Сегодня' }));
    await user.click(within(again).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(chip('Период: Сегодня')).toBeInTheDocument());
    expect(router.state.location.href).toBe(
      `${k.path}?${new URLSearchParams({ [k.date]: '=bt=(2026-03-18,2026-03-18)' })}`,
    );

    await user.click(chip('Период: Сегодня'));
    const third = await screen.findByRole('dialog', { name: 'Период' });
    await user.click(within(third).getByRole('button', { name: 'Очистить период' }));
    await user.click(within(third).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(router.state.location.href).toBe(k.path));
    expect(chip('Период: За все время')).toBeInTheDocument();
  });

  it('reads the filters from the address and names them on the chips', async () => {
    const { requests } = dealListApi(k.kind);
    const statusId = k.kind === 'sale' ? 2 : 12;
    renderApp(`${k.path}?statusId=${statusId}&channelId=5&${k.date}==bt=(2026-03-16,2026-03-22)&view=table`);

    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(filterCalls(requests, k.kind)[0]).toBe(
      new URLSearchParams({
        channelId: '5',
        statusId: String(statusId),
        [k.date]: '=bt=(2026-03-16,2026-03-22)',
      }).toString(),
    );
    expect(await screen.findByRole('button', { name: 'Статус: Согласована' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Канал: Новости Москвы' })).toBeInTheDocument();
    expect(chip('Период: 16 мар – 22 мар')).toBeInTheDocument();
  });

  it('drops a malformed filter of a hand-edited address with one toast naming it, rewriting the address in place', async () => {
    const { requests } = dealListApi(k.kind, {});
    const { router } = renderApp(`${k.path}?priceCondition=дорого&statusId=abc&view=table`);

    expect(
      await screen.findByText('Фильтры «Статус», «Стоимость» в адресе не распознаны и сброшены'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe(`${k.path}?view=table`));
    expect(router.history.length).toBe(1);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Статус: / })).not.toBeInTheDocument();
    // Never sent: the server would only refuse the whole list.
    expect(filterCalls(requests, k.kind).every((query) => !query.includes('priceCondition'))).toBe(true);
  });

  it("shows the server's message for a refused list and offers to reset the filters", async () => {
    const { requests } = dealListApi(k.kind, {
      pages: (request) =>
        request.query.get('priceCondition')
          ? {
              status: 400,
              body: {
                code: 'VALIDATION_ERROR',
                message: 'Параметр priceCondition: непонятное условие',
              },
            }
          : { body: { items: [deal(k.kind, 1)], nextCursor: null } },
    });
    const { user, router } = renderApp(
      `${k.path}?priceCondition=${encodeURIComponent('=ge=1000')}&view=table`,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Параметр priceCondition: непонятное условие');
    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(router.state.location.href).toBe(`${k.path}?view=table`));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(filterCalls(requests, k.kind).at(-1)).toBe('');
  });

  it('loads the next page as the end of the list comes into view, or on "Показать ещё"', async () => {
    const observer = installIntersectionObserver();
    const { requests } = dealListApi(k.kind, {
      pages: (request) => {
        const cursor = request.query.get('cursor');
        if (!cursor) return { body: { items: [deal(k.kind, 1), deal(k.kind, 2)], nextCursor: 'c2' } };
        if (cursor === 'c2') return { body: { items: [deal(k.kind, 3)], nextCursor: 'c3' } };
        return { body: { items: [deal(k.kind, 4)], nextCursor: null } };
      },
    });
    const { user } = renderApp(k.path);
    expect(await cards()).toHaveLength(2);
    expect(requests.find((r) => r.path === `/api/${k.kind}/filter`)?.query.get('limit')).toBe('20');

    await waitFor(() => expect(observer.count).toBe(1));
    observer.intersect();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    const cursors = () =>
      requests.filter((r) => r.path === `/api/${k.kind}/filter`).map((r) => r.query.get('cursor'));
    expect(cursors()).toEqual([null, 'c2']);

    await user.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(cursors()).toEqual([null, 'c2', 'c3']);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });
});
