import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { botStatusRefreshMs } from '@/routes/_app/channels/$id/-components/bot-card';
import { channel, countedPage, demoUser, type FakeHandler, installFakeApi } from './fake-api';
import { renderApp } from './render-app';

const news = {
  ...channel(5, 'Новости Москвы', 'https://cdn.example/news.jpg'),
  telegramNickName: 'moscow_news',
};

const staff = [
  { employeeId: 11, employeeName: 'Мария Ковалёва', iconLink: null },
  { employeeId: 12, employeeName: 'Дмитрий Орлов', iconLink: 'https://cdn.example/d.jpg' },
  { employeeId: 13, employeeName: 'Анна Белова', iconLink: null },
  { employeeId: 14, employeeName: 'Пётр Иванов', iconLink: null },
];

function channelApi(overrides: Record<string, FakeHandler> = {}) {
  return installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/channel/5': { body: news },
    'GET /api/channel/5/employees': { body: staff },
    'GET /api/telegram/bot': { body: { username: 'addesk_bot' } },
    ...overrides,
  });
}

/** GET /api/channel answering `page` for the live channels and an empty archive (`?archived=true`). */
const liveOnly =
  (page: () => ReturnType<typeof countedPage>): FakeHandler =>
  (request) => ({ body: request.query.get('archived') ? countedPage([]) : page() });

const botCard = (name: string, options?: { timeout: number }) =>
  screen.findByRole('region', { name }, options);

const fullAdmin = {
  botStatus: 'administrator',
  botAdminRights: true,
  botCanInvite: true,
  botAdminSince: '2026-03-02T09:00:00.000Z',
} as const;

describe('/channels/{id}', () => {
  it("says 'Загрузка...' while the channel loads, then shows its name and icon", async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { fetchMock } = channelApi();
    const fake = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/channel/5')) await held;
      if (!fake) throw new Error('no fake');
      return fake(input, init);
    });
    renderApp('/channels/5');

    expect(await screen.findByText('Загрузка...')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { level: 2, name: 'Новости Москвы' })).toBeInTheDocument();
    expect(screen.queryByText('Загрузка...')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Новости Москвы' })).toHaveAttribute(
      'src',
      'https://cdn.example/news.jpg',
    );
    expect(screen.getByRole('link', { name: /@moscow_news/ })).toHaveAttribute(
      'href',
      'https://t.me/moscow_news',
    );
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/channels');
  });

  it('shows the error texts with a link to the home page when the channel cannot be loaded', async () => {
    channelApi({ 'GET /api/channel/5': { status: 500, body: { code: 'INTERNAL', message: 'Сбой' } } });
    renderApp('/channels/5');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Произошла ошибка' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      'Что-то пошло не так. Мы уже в курсе ситуации и работаем над ее устранением.',
    );
    expect(within(alert).getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/dashboard');
  });

  it('says the channel is not found (missing or of another team) and offers the list', async () => {
    channelApi({
      'GET /api/channel/5': { status: 404, body: { code: 'NOT_FOUND', message: 'Канал не найден' } },
    });
    renderApp('/channels/5');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Произошла ошибка' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Канал не найден');
    expect(within(alert).getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/dashboard');
    expect(within(alert).getByRole('link', { name: 'К списку каналов' })).toHaveAttribute(
      'href',
      '/channels',
    );
  });

  describe('bot card', () => {
    it('tells how to make the bot an administrator when it is not one', async () => {
      channelApi();
      renderApp('/channels/5');

      const card = await botCard('Бот не добавлен');
      expect(card).toHaveTextContent('@addesk_bot');
      expect(card).toHaveTextContent('«Управление каналом» → «Администраторы»');
      expect(card).toHaveTextContent('«Добавить администратора»');
      expect(card).toHaveTextContent('«Публикация сообщений» и «Пригласительные ссылки»');
      expect(card).toHaveTextContent('Карточка обновится сама');
      expect(within(card).getByRole('link', { name: 'канал в Telegram' })).toHaveAttribute(
        'href',
        'https://t.me/moscow_news',
      );
    });

    it("'Проверить снова' asks the server again and shows the new rights", async () => {
      let rights = false;
      const { requests } = channelApi({
        'GET /api/channel/5': () => ({
          body: rights ? { ...news, ...fullAdmin } : news,
        }),
      });
      const { user } = renderApp('/channels/5');

      const card = await botCard('Бот не добавлен');
      rights = true;
      const before = requests.filter((r) => r.path === '/api/channel/5').length;
      await user.click(within(card).getByRole('button', { name: 'Проверить снова' }));

      const connected = await botCard('Бот подключён');
      expect(connected).toHaveTextContent('Бот @addesk_bot — администратор канала');
      expect(requests.filter((r) => r.path === '/api/channel/5').length).toBe(before + 1);
    });

    it('says the bot is connected when it is an administrator', async () => {
      channelApi({ 'GET /api/channel/5': { body: { ...news, ...fullAdmin } } });
      renderApp('/channels/5');

      const card = await botCard('Бот подключён');
      expect(card).toHaveTextContent('может публиковать');
      expect(card).toHaveTextContent('может создавать ссылки-приглашения');
      expect(card).not.toHaveTextContent('не может');
      expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    });

    it('says the bot lacks the invite right and why it matters', async () => {
      channelApi({ 'GET /api/channel/5': { body: { ...news, ...fullAdmin, botCanInvite: false } } });
      renderApp('/channels/5');

      const card = await botCard('Боту не хватает прав');
      expect(card).toHaveTextContent('может публиковать');
      expect(card).toHaveTextContent('не может создавать ссылки-приглашения');
      expect(card).toHaveTextContent('у закупок не будет своих ссылок');
      expect(card).toHaveTextContent('«Пригласительные ссылки»');
    });

    it('says the bot was removed from the channel', async () => {
      channelApi({ 'GET /api/channel/5': { body: { ...news, botStatus: 'left' } } });
      renderApp('/channels/5');

      const card = await botCard('Бот удалён из канала');
      expect(card).toHaveTextContent('убрали из канала');
      expect(card).toHaveTextContent('«Добавить администратора»');
    });

    it('keeps watching a full administrator, more slowly, so a removal shows too; nothing without a bot', () => {
      const full = { ...news, ...fullAdmin };
      expect(botStatusRefreshMs('addesk_bot', news)).toBe(4000);
      expect(botStatusRefreshMs('addesk_bot', full)).toBe(15_000);
      expect(botStatusRefreshMs(null, news)).toBe(false);
      expect(botStatusRefreshMs('addesk_bot', undefined)).toBe(false);
    });

    it('follows the bot by itself: asks again every few seconds until it is a full administrator', async () => {
      // The polling's own clock, moved by hand: the minutes this test covers pass at once.
      vi.useFakeTimers({
        toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
        shouldAdvanceTime: true,
      });
      try {
        let calls = 0;
        channelApi({
          'GET /api/channel/5': () => {
            calls++;
            return { body: calls >= 2 ? { ...news, ...fullAdmin } : news };
          },
        });
        renderApp('/channels/5');

        await botCard('Бот не добавлен');
        await vi.advanceTimersByTimeAsync(4000);
        expect(await botCard('Бот подключён')).toHaveTextContent('может публиковать');
        // A full administrator is asked about every 15 s, no longer every 4 s.
        const settled = calls;
        await vi.advanceTimersByTimeAsync(14_000);
        expect(calls).toBe(settled);
        await vi.advanceTimersByTimeAsync(1_500);
        await waitFor(() => expect(calls).toBe(settled + 1));
      } finally {
        vi.useRealTimers();
      }
    });

    it('says the server has no bot instead of giving instructions', async () => {
      channelApi({ 'GET /api/telegram/bot': { body: { username: null } } });
      renderApp('/channels/5');

      const card = await botCard('Бот не подключён');
      expect(card).toHaveTextContent('На этом сервере AdDesk не настроен Telegram-бот');
      expect(card).not.toHaveTextContent('Управление каналом');
    });
  });

  it("shows the first 3 employees and 'Все' to the whole list", async () => {
    channelApi();
    renderApp('/channels/5');

    const card = await screen.findByRole('region', { name: 'Сотрудники' });
    await within(card).findByText('Мария Ковалёва');
    expect(within(card).getByText('Дмитрий Орлов')).toBeInTheDocument();
    expect(within(card).getByText('Анна Белова')).toBeInTheDocument();
    expect(within(card).queryByText('Пётр Иванов')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('и ещё 1 сотрудник');
    expect(within(card).getByRole('link', { name: 'Все' })).toHaveAttribute('href', '/channels/5/employees');
  });

  it('says when nobody works on the channel yet', async () => {
    channelApi({ 'GET /api/channel/5/employees': { body: [] } });
    renderApp('/channels/5');

    const card = await screen.findByRole('region', { name: 'Сотрудники' });
    expect(await within(card).findByText('На канале пока нет сотрудников')).toBeInTheDocument();
  });

  it('links to the sales, purchases and content of the channel', async () => {
    channelApi();
    renderApp('/channels/5');

    const nav = await screen.findByRole('navigation', { name: 'Разделы канала' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Продажи', '/channels/5/sales'],
      ['Закупки', '/channels/5/purchases'],
      ['Контент', '/channels/5/content'],
    ]);
  });

  it('archives the channel after a confirmation and returns to the refreshed list', async () => {
    const stored = [channel(1, 'Бизнес и деньги'), news];
    const { requests } = channelApi({
      'GET /api/channel': liveOnly(() => countedPage(stored)),
      'DELETE /api/channel/5': () => {
        stored.pop();
        return { status: 204 };
      },
    });
    const { user, router } = renderApp('/channels');
    await user.click(await screen.findByRole('link', { name: /Новости Москвы/ }));
    await screen.findByRole('heading', { level: 2, name: 'Новости Москвы' });

    await user.click(screen.getByRole('button', { name: 'В архив' }));
    const sheet = await screen.findByRole('dialog', { name: 'Перенести канал в архив?' });
    // Its deals stay, and the sheet says so before anyone confirms.
    expect(sheet).toHaveTextContent('продажи и закупки останутся');
    expect(sheet).toHaveTextContent('Новости Москвы');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(sheet).getByRole('button', { name: 'В архив' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/channels'));
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/channel/5');
    expect(await screen.findByRole('link', { name: /Бизнес и деньги/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Новости Москвы/ })).not.toBeInTheDocument();
    // The archived channel is not asked for again.
    const after = requests.findLastIndex((r) => r.method === 'DELETE');
    expect(requests.slice(after + 1).map((r) => r.path)).not.toContain('/api/channel/5');
  });

  it("'Назад' closes the sheet without deleting", async () => {
    const { requests } = channelApi();
    const { user } = renderApp('/channels/5');
    await user.click(await screen.findByRole('button', { name: 'В архив' }));
    const sheet = await screen.findByRole('dialog', { name: 'Перенести канал в архив?' });
    await user.click(within(sheet).getByRole('button', { name: 'Назад' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('shows a failed archiving in the sheet', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    channelApi({
      'DELETE /api/channel/5': { status: 500, body: { code: 'INTERNAL', message: 'Не удалось удалить' } },
    });
    const { user, router } = renderApp('/channels/5');
    await user.click(await screen.findByRole('button', { name: 'В архив' }));
    const sheet = await screen.findByRole('dialog', { name: 'Перенести канал в архив?' });
    await user.click(within(sheet).getByRole('button', { name: 'В архив' }));

    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Не удалось удалить');
    expect(router.state.location.pathname).toBe('/channels/5');
  });
});

describe('/channels', () => {
  it("lists the channels with links, and 'Добавить канал'", async () => {
    installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/channel': liveOnly(() => countedPage([channel(1, 'Бизнес и деньги'), news])),
    });
    renderApp('/channels');

    const list = await screen.findByRole('list', { name: 'Ваши каналы' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/channels/1', '/channels/5']);
    expect(links[1]).toHaveTextContent('Новости Москвы@moscow_news');
    expect(screen.getByText('2 канала')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Добавить канал' })).toHaveAttribute('href', '/channels/create');
  });

  it('says there are no channels yet', async () => {
    installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/channel': { body: countedPage([]) },
    });
    renderApp('/channels');
    expect(await screen.findByText('У вас пока нет каналов, создайте новый канал')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Добавить канал' })).toHaveAttribute('href', '/channels/create');
  });

  it("pages through a long list with 'Показать ещё'", async () => {
    const all = Array.from({ length: 25 }, (_, i) => channel(i + 1, `Канал номер ${i + 1}`));
    const { requests } = installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/channel': (request) => {
        if (request.query.get('archived')) return { body: countedPage([]) };
        const limit = Number(request.query.get('limit'));
        const start = Number(request.query.get('cursor') ?? 0);
        const items = all.slice(start, start + limit);
        const next = start + limit < all.length ? String(start + limit) : null;
        return { body: { items, nextCursor: next, total: all.length } };
      },
    });
    const { user } = renderApp('/channels');

    const list = await screen.findByRole('list', { name: 'Ваши каналы' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    expect(screen.getByText('25 каналов')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    const pages = requests.filter((r) => r.path === '/api/channel' && !r.query.get('archived'));
    expect(pages.map((r) => r.query.get('cursor'))).toEqual([null, '20']);
  });

  it('offers a retry when the list fails', async () => {
    let fail = true;
    installFakeApi({
      'GET /api/employee': { body: demoUser },
      'GET /api/channel': () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: 'Сервер недоступен' } }
          : { body: countedPage([news]) },
    });
    const { user } = renderApp('/channels');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: /Новости Москвы/ })).toBeInTheDocument();
  });
});

describe('/channels/{id}/employees', () => {
  it("lists everyone on the channel and links 'Добавить сотрудника' to the add screen", async () => {
    channelApi();
    renderApp('/channels/5/employees');

    const list = await screen.findByRole('list', { name: 'Сотрудники канала' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['МКМария Ковалёва', 'Дмитрий Орлов', 'АБАнна Белова', 'ПИПётр Иванов']);
    expect(screen.getByText('4 сотрудника')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Добавить сотрудника' })).toHaveAttribute(
      'href',
      '/channels/5/employees/add',
    );
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/channels/5');
  });

  it('says when nobody works on the channel', async () => {
    channelApi({ 'GET /api/channel/5/employees': { body: [] } });
    renderApp('/channels/5/employees');
    expect(await screen.findByText('На этом канале пока нет сотрудников')).toBeInTheDocument();
  });

  it('says the channel is not found', async () => {
    channelApi({
      'GET /api/channel/5/employees': {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Канал не найден' },
      },
    });
    renderApp('/channels/5/employees');
    expect(await screen.findByRole('alert')).toHaveTextContent('Канал не найден');
    expect(screen.getByRole('link', { name: 'К списку каналов' })).toHaveAttribute('href', '/channels');
    expect(screen.queryByRole('link', { name: 'Добавить сотрудника' })).not.toBeInTheDocument();
  });
});
