import { INVALID_TELEGRAM_LINK, PRIVATE_TELEGRAM_LINK } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  channel,
  countedPage,
  demoUser,
  type FakeHandler,
  installFakeApi,
  type RecordedRequest,
} from './fake-api';
import { advance, holdClockAt, lastInput, resumeClock, useFakeClock, userOnFakeClock } from './fake-clock';
import { renderApp } from './render-app';

/** Spec §5: the pause after the last keystroke before a typed channel link is looked up. */
const DEBOUNCE_MS = 500;

const finance = {
  userId: null,
  name: 'Финансы для всех',
  imageLink: 'https://cdn.example/finance.jpg',
  telegramNickName: 'finance_for_all',
};

const lookups = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path === '/api/telegram/channel-info');

/** Resolves when released: a call that stays in flight until the test says so. */
function gate() {
  let release = () => {};
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { opened, release };
}

function createApi(overrides: Record<string, FakeHandler> = {}) {
  return installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/telegram/channel-info': (request) =>
      request.query.get('channelNick') === 'finance_for_all'
        ? { body: finance }
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Канал не найден' } },
    'POST /api/channel': {
      status: 201,
      body: { ...channel(42, 'Финансы для всех', finance.imageLink), telegramNickName: 'finance_for_all' },
    },
    ...overrides,
  });
}

const addButton = () => screen.getByRole('button', { name: 'Добавить канал' });
const linkField = () => screen.findByRole('textbox', { name: 'Ссылка на канал' });

// The debounce runs on a clock moved by hand (fake-clock.ts): no test sleeps through it.
beforeEach(() => {
  useFakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

const renderCreate = (path = '/channels/create') => renderApp(path, { user: userOnFakeClock });

describe('/channels/create', () => {
  it('looks the link up once, 500 ms after the typing stops, and shows the channel with its image', async () => {
    const { requests } = createApi();
    const { user } = renderCreate();

    const field = await linkField();
    const typedAt = lastInput(field);
    await user.type(field, 'https://t.me/finance_for_all');
    // Nothing is asked while the user is still typing (or has just stopped)...
    expect(lookups(requests)).toHaveLength(0);
    expect(addButton()).toBeDisabled();
    // ...nor 1 ms before the pause is over...
    await holdClockAt(typedAt() + DEBOUNCE_MS - 1);
    expect(lookups(requests)).toHaveLength(0);
    // ...and once it is, the channel is asked for once.
    await advance(1);
    expect(lookups(requests).map((r) => r.query.get('channelNick'))).toEqual(['finance_for_all']);
    resumeClock();

    const found = await screen.findByRole('region', { name: 'Найденный канал' });
    expect(lookups(requests)).toHaveLength(1);

    expect(within(found).getByRole('img', { name: 'Финансы для всех' })).toHaveAttribute(
      'src',
      'https://cdn.example/finance.jpg',
    );
    expect(within(found).getByText('@finance_for_all')).toBeInTheDocument();
    expect(addButton()).toBeEnabled();
  });

  it('explains a private invite link in Russian at once, without asking the server', async () => {
    const { requests } = createApi();
    const { user } = renderCreate();

    await user.type(await linkField(), 'https://t.me/+AbCdEfGh123');
    // At once: no waiting for the debounce.
    expect(screen.getByRole('alert')).toHaveTextContent(PRIVATE_TELEGRAM_LINK);
    expect(screen.getByRole('textbox', { name: 'Ссылка на канал' })).toHaveAttribute('aria-invalid', 'true');
    expect(addButton()).toBeDisabled();

    // Nor after the pause.
    await advance(DEBOUNCE_MS + 200);
    expect(lookups(requests)).toHaveLength(0);
    expect(addButton()).toBeDisabled();
  });

  it('explains a malformed name once the typing pauses, without asking the server', async () => {
    const { requests } = createApi();
    const { user } = renderCreate();

    const field = await linkField();
    const typedAt = lastInput(field);
    await user.type(field, 't.me/ab');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Not 1 ms before the pause is over: at its end.
    await holdClockAt(typedAt() + DEBOUNCE_MS - 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_TELEGRAM_LINK);
    expect(lookups(requests)).toHaveLength(0);
    expect(addButton()).toBeDisabled();
  });

  it("keeps 'Добавить канал' disabled while the lookup is in flight", async () => {
    const lookup = gate();
    const { fetchMock } = createApi();
    const fake = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/telegram/channel-info')) await lookup.opened;
      if (!fake) throw new Error('no fake');
      return fake(input, init);
    });
    const { user } = renderCreate();

    await user.type(await linkField(), '@finance_for_all');
    await advance(DEBOUNCE_MS);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('channel-info'))).toBe(true),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Ищем канал…');
    expect(addButton()).toBeDisabled();

    lookup.release();
    expect(await screen.findByRole('region', { name: 'Найденный канал' })).toBeInTheDocument();
    expect(addButton()).toBeEnabled();
  });

  it("keeps 'Добавить канал' disabled when nothing is found, with the server's message", async () => {
    createApi();
    const { user } = renderCreate();

    await user.type(await linkField(), 't.me/no_such_channel');
    await advance(DEBOUNCE_MS);
    expect(await screen.findByRole('alert')).toHaveTextContent('Канал не найден');
    expect(screen.queryByRole('region', { name: 'Найденный канал' })).not.toBeInTheDocument();
    expect(addButton()).toBeDisabled();
  });

  it('shows that Telegram does not answer', async () => {
    createApi({
      'GET /api/telegram/channel-info': {
        status: 502,
        body: {
          code: 'UPSTREAM_UNAVAILABLE',
          message: 'Telegram сейчас не отвечает. Попробуйте ещё раз через минуту',
        },
      },
    });
    const { user } = renderCreate();

    await user.type(await linkField(), 'finance_for_all');
    await advance(DEBOUNCE_MS);
    expect(await screen.findByRole('alert')).toHaveTextContent('Telegram сейчас не отвечает');
    expect(addButton()).toBeDisabled();
  });

  it('shows the tariff limit with a link to /profile/tariff', async () => {
    const message =
      'Ваш тариф позволяет вести 10 каналов. Чтобы добавить ещё, выберите тариф в разделе «Тарифы»';
    createApi({
      'POST /api/channel': { status: 403, body: { code: 'TARIFF_CHANNEL_LIMIT', message } },
    });
    const { user } = renderCreate();

    await user.type(await linkField(), 'https://t.me/finance_for_all');
    await advance(DEBOUNCE_MS);
    await screen.findByRole('region', { name: 'Найденный канал' });
    await user.click(addButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Выбрать тариф' })).toHaveAttribute(
      'href',
      '/profile/tariff',
    );
    // The form stays: nothing was added.
    expect(screen.queryByRole('heading', { name: 'Канал добавлен' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal (already added) and clears it when the link changes", async () => {
    createApi({
      'POST /api/channel': { status: 409, body: { code: 'CONFLICT', message: 'Канал уже добавлен' } },
    });
    const { user } = renderCreate();

    const field = await linkField();
    await user.type(field, 'finance_for_all');
    await advance(DEBOUNCE_MS);
    await screen.findByRole('region', { name: 'Найденный канал' });
    await user.click(addButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Канал уже добавлен');

    await user.type(field, '_x');
    expect(screen.queryByText('Канал уже добавлен')).not.toBeInTheDocument();
  });

  it("adds the channel, says 'Канал добавлен' and 'Хорошо' leads to the refreshed list", async () => {
    const stored = [channel(1, 'Бизнес и деньги')];
    const { requests } = createApi({
      'GET /api/channel': () => ({ body: countedPage(stored) }),
      'POST /api/channel': () => {
        const created = {
          ...channel(42, 'Финансы для всех', finance.imageLink),
          telegramNickName: 'finance_for_all',
        };
        stored.push(created);
        return { status: 201, body: created };
      },
      'GET /api/channel/42': () => ({ body: stored[1] }),
      'GET /api/channel/42/employees': { body: [] },
      'GET /api/telegram/bot': { body: { username: null } },
    });
    const { user, router } = renderCreate('/channels');
    expect(await screen.findByRole('link', { name: /Бизнес и деньги/ })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Добавить канал' }));
    await user.type(await linkField(), 'https://t.me/finance_for_all');
    await advance(DEBOUNCE_MS);
    await screen.findByRole('region', { name: 'Найденный канал' });
    await user.click(addButton());

    expect(await screen.findByRole('heading', { name: 'Канал добавлен' })).toHaveFocus();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/channel');
    expect(post?.body).toEqual({ telegramNickName: 'finance_for_all' });
    expect(screen.getByRole('link', { name: 'Открыть канал' })).toHaveAttribute('href', '/channels/42');

    const ok = screen.getByRole('link', { name: 'Хорошо' });
    expect(ok).toHaveAttribute('href', '/channels');
    await user.click(ok);
    await waitFor(() => expect(router.state.location.pathname).toBe('/channels'));
    // The list was invalidated: it shows the new channel without a reload.
    expect(await screen.findByRole('link', { name: /Финансы для всех/ })).toHaveAttribute(
      'href',
      '/channels/42',
    );
  });

  it('refreshes the dashboard card after adding a channel', async () => {
    const stored = [channel(1, 'Бизнес и деньги'), channel(2, 'Путешествия')];
    createApi({
      'GET /api/channel': () => ({ body: countedPage(stored.slice(0, 3), stored.length) }),
      'GET /api/employee/7/subordinates': { body: countedPage([]) },
      'POST /api/channel': () => {
        const created = channel(42, 'Финансы для всех');
        stored.push(created);
        return { status: 201, body: created };
      },
    });
    const { user, router } = renderCreate('/dashboard');
    expect(await screen.findByRole('link', { name: 'Каналы: 2 канала' })).toBeInTheDocument();

    await router.navigate({ to: '/channels/create' });
    await user.type(await linkField(), 'finance_for_all');
    await advance(DEBOUNCE_MS);
    await screen.findByRole('region', { name: 'Найденный канал' });
    await user.click(addButton());
    await screen.findByRole('heading', { name: 'Канал добавлен' });

    await router.navigate({ to: '/dashboard' });
    expect(await screen.findByRole('link', { name: 'Каналы: 3 канала' })).toBeInTheDocument();
  });
});
