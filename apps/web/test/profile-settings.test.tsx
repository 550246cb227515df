import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTeamTimeZone } from '@/lib/format';
import type { FakeHandler, RecordedRequest } from './fake-api';
import { allOn, profileApi } from './profile-fixtures';
import { renderApp } from './render-app';

/** A settings server that keeps what it is sent, as the real one does. */
function settingsServer(
  fail?: (request: RecordedRequest) => boolean,
  overrides: Record<string, FakeHandler> = {},
) {
  let stored = { ...allOn };
  return profileApi({
    ...overrides,
    'GET /api/settings': () => ({ body: stored }),
    'PATCH /api/settings': (request) => {
      if (fail?.(request)) {
        return { status: 500, body: { code: 'INTERNAL', message: 'Не удалось сохранить настройки' } };
      }
      stored = { ...stored, ...(request.body as object) };
      return { body: stored };
    },
  });
}

const toggle = (name: string) => screen.findByRole('switch', { name });

describe('/profile/settings: deleting the profile', () => {
  it("asks 'Вы уверены, что хотите удалить профиль?' and 'Назад' makes no call", async () => {
    const { requests } = profileApi({ 'DELETE /api/account': { status: 204 } });
    const { user } = renderApp('/profile/settings');

    await user.click(await screen.findByRole('button', { name: 'Удалить профиль' }));
    const sheet = await screen.findByRole('dialog', { name: 'Вы уверены, что хотите удалить профиль?' });
    expect(sheet).toHaveTextContent('все данные команды');
    await user.click(within(sheet).getByRole('button', { name: 'Назад' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it("'Да, удалить профиль' deletes the account, forgets the cache and goes to /auth, which says 'Профиль удалён'", async () => {
    const { requests } = profileApi({ 'DELETE /api/account': { status: 204 } });
    // jsdom cannot load another document: catch the full-page move to /auth.
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user, queryClient } = renderApp('/profile/settings');

    await user.click(await screen.findByRole('button', { name: 'Удалить профиль' }));
    const sheet = await screen.findByRole('dialog', { name: 'Вы уверены, что хотите удалить профиль?' });
    await user.click(within(sheet).getByRole('button', { name: 'Да, удалить профиль' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth?deleted=1'));
    const call = requests.find((r) => r.method === 'DELETE');
    expect(call?.path).toBe('/api/account');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it("shows the server's message when deleting fails, and stays", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    profileApi({
      'DELETE /api/account': { status: 500, body: { code: 'INTERNAL', message: 'Сервер недоступен' } },
    });
    const { user } = renderApp('/profile/settings');

    await user.click(await screen.findByRole('button', { name: 'Удалить профиль' }));
    const sheet = await screen.findByRole('dialog', { name: 'Вы уверены, что хотите удалить профиль?' });
    await user.click(within(sheet).getByRole('button', { name: 'Да, удалить профиль' }));

    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Сервер недоступен');
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps signing out and the theme', async () => {
    profileApi();
    renderApp('/profile/settings');
    expect(await screen.findByRole('button', { name: 'Выйти из профиля' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Тёмная' })).toBeChecked();
  });
});

describe('/profile/settings/notifications', () => {
  const names = ['Постинг', 'Статистика', 'Сотрудники', 'Подписка', 'Реферальная программа'];

  it('shows the five toggles as the server has them', async () => {
    profileApi({ 'GET /api/settings': { body: { ...allOn, notifyEmployees: false } } });
    renderApp('/profile/settings/notifications');

    await toggle('Постинг');
    const list = screen.getByRole('list', { name: 'Уведомления' });
    expect(within(list).getAllByRole('switch')).toHaveLength(5);
    for (const name of names) {
      expect(screen.getByRole('switch', { name })).toHaveAttribute(
        'aria-checked',
        name === 'Сотрудники' ? 'false' : 'true',
      );
    }
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/profile');
  });

  it('saves a toggle at once and keeps it after a reload', async () => {
    const { requests } = settingsServer();
    const first = renderApp('/profile/settings/notifications');

    await first.user.click(await toggle('Статистика'));
    expect(screen.getByRole('switch', { name: 'Статистика' })).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ notifyStatistics: false });

    // A whole new app (a reload) reads it back from the server.
    first.unmount();
    renderApp('/profile/settings/notifications');
    expect(await toggle('Статистика')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: 'Постинг' })).toHaveAttribute('aria-checked', 'true');
  });

  it('a tap anywhere on the row flips the switch', async () => {
    const { requests } = settingsServer();
    const { user } = renderApp('/profile/settings/notifications');
    await toggle('Подписка');
    await user.click(screen.getByText('Окончание и продление тарифа'));
    expect(screen.getByRole('switch', { name: 'Подписка' })).toHaveAttribute('aria-checked', 'false');
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ notifySubscription: false }),
    );
  });

  it("rolls a failed save back and shows the server's message", async () => {
    settingsServer((request) => 'notifyPosting' in (request.body as object));
    const { user } = renderApp('/profile/settings/notifications');

    await user.click(await toggle('Постинг'));
    expect(await screen.findByText('Не удалось сохранить настройки')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Постинг' })).toHaveAttribute('aria-checked', 'true'),
    );
  });

  it('a failure rolls back only its own toggle, not one saved meanwhile', async () => {
    let answerPosting: (() => void) | undefined;
    const postingHeld = new Promise<void>((resolve) => {
      answerPosting = resolve;
    });
    const { fetchMock } = settingsServer((request) => 'notifyPosting' in (request.body as object));
    const fake = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PATCH' && String(init.body).includes('notifyPosting')) await postingHeld;
      if (!fake) throw new Error('no fake');
      return fake(input, init);
    });
    const { user } = renderApp('/profile/settings/notifications');

    await user.click(await toggle('Постинг'));
    await user.click(screen.getByRole('switch', { name: 'Реферальная программа' }));
    answerPosting?.();

    expect(await screen.findByText('Не удалось сохранить настройки')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Постинг' })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(screen.getByRole('switch', { name: 'Реферальная программа' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it("'Детали уведомлений' opens what each kind of notification tells", async () => {
    profileApi();
    const { user } = renderApp('/profile/settings/notifications');

    const details = await screen.findByRole('button', { name: 'Детали уведомлений' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/за 1 день, за неделю и за месяц/)).not.toBeInTheDocument();

    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual([...names, 'Оплаты', 'Календарь', 'Акции']);
    expect(screen.getByText(/за 1 день, за неделю и за месяц/)).toBeInTheDocument();

    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('/profile/settings/sync', () => {
  // The calendar switch makes a private feed address: test/calendar-feed.test.tsx.
  it('shows the bot with a link to it', async () => {
    settingsServer();
    renderApp('/profile/settings/sync');

    expect(await toggle('Бот AdDesk')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('link', { name: 'Открыть @addesk_bot в Telegram' })).toHaveAttribute(
      'href',
      'https://t.me/addesk_bot',
    );
  });

  // Issue 33: the switch showed on for a server without a bot, where nothing is ever sent.
  it('shows the switch off and disabled when the server has no bot, and says why', async () => {
    const { requests } = settingsServer(undefined, {
      'GET /api/telegram/bot': { body: { username: null } },
    });
    const { user } = renderApp('/profile/settings/sync');
    expect(await screen.findByText(/На этом сервере AdDesk не настроен Telegram-бот/)).toBeInTheDocument();
    const bot = await toggle('Бот AdDesk');
    // Saved as on (allOn), yet off here: without a bot nothing is sent.
    expect(bot).toHaveAttribute('aria-checked', 'false');
    expect(bot).toBeDisabled();
    expect(bot).toHaveAccessibleDescription(/не настроен Telegram-бот/);
    expect(screen.queryByRole('link', { name: /Открыть @/ })).not.toBeInTheDocument();
    await user.click(bot);
    expect(bot).toHaveAttribute('aria-checked', 'false');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});

describe('/profile/settings: the team’s time zone (decisions D5)', () => {
  // Saving a zone moves the web's clock: back to Moscow for whatever runs next.
  afterEach(() => setTeamTimeZone('Europe/Moscow'));

  const zoneSelect = () => screen.findByRole('combobox', { name: /Все даты и время команды/ });
  const searchbox = () => screen.getByRole('searchbox', { name: 'Найти другой часовой пояс' });

  it('offers Russia’s zones first and saves the chosen one', async () => {
    const { requests } = settingsServer();
    const { user } = renderApp('/profile/settings');
    const zone = await zoneSelect();
    await waitFor(() => expect(zone).toHaveValue('Europe/Moscow'));
    expect(screen.getByText('На устройстве в другом поясе время подписано: МСК')).toBeInTheDocument();
    const names = within(zone)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names.slice(0, 3)).toEqual(['Калининград (МСК−1)', 'Москва (МСК)', 'Самара (МСК+1)']);

    await user.selectOptions(zone, 'Новосибирск (МСК+4)');
    await waitFor(() => expect(zone).toHaveValue('Asia/Novosibirsk'));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ timeZone: 'Asia/Novosibirsk' });
    expect(screen.getByText('На устройстве в другом поясе время подписано: НСК')).toBeInTheDocument();
  });

  it('lists the zones a search finds, with their offsets, and saves the one tapped', async () => {
    const { requests } = settingsServer();
    const { user } = renderApp('/profile/settings');
    const zone = await zoneSelect();
    await waitFor(() => expect(zone).toBeEnabled());

    await user.type(searchbox(), 'new york');
    const found = screen.getByRole('list', { name: 'Найденные часовые пояса' });
    expect(within(found).getByRole('button', { name: /^America\/New_York GMT−[45]$/ })).toBeInTheDocument();

    // Russian names are found too.
    await user.clear(searchbox());
    await user.type(searchbox(), 'новосиб');
    expect(
      within(screen.getByRole('list', { name: 'Найденные часовые пояса' })).getByRole('button', {
        name: 'Новосибирск (МСК+4) НСК',
      }),
    ).toBeInTheDocument();

    await user.clear(searchbox());
    await user.type(searchbox(), 'Berlin');
    await user.click(screen.getByRole('button', { name: /^Europe\/Berlin GMT\+[12]$/ }));
    await waitFor(() => expect(zone).toHaveValue('Europe/Berlin'));
    expect(requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({ timeZone: 'Europe/Berlin' });
    expect(searchbox()).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Найденные часовые пояса' })).not.toBeInTheDocument();

    await user.type(searchbox(), 'Атлантида');
    expect(screen.getByText('Такого часового пояса нет')).toBeInTheDocument();
  });

  it('shows an employee the team’s zone and gap read-only: only the master changes them', async () => {
    const { requests } = profileApi({
      'GET /api/settings': {
        body: { ...allOn, timeZone: 'Asia/Novosibirsk', minGapMinutes: 45, isMaster: false },
      },
    });
    renderApp('/profile/settings');
    expect(
      await screen.findByText('Изменить часовой пояс может только владелец команды'),
    ).toBeInTheDocument();
    expect(screen.getByText('Новосибирск (МСК+4)')).toBeInTheDocument();
    expect(screen.getByText('На устройстве в другом поясе время подписано: НСК')).toBeInTheDocument();
    expect(screen.getByText('45 мин')).toBeInTheDocument();
    expect(screen.getByText('Изменить интервал может только владелец команды')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('textbox', { name: 'Минимальный интервал между продажами' }),
    ).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});

describe('/profile/settings: the minimum gap between sales', () => {
  const gap = () => screen.findByRole('textbox', { name: 'Минимальный интервал между продажами' });

  it('shows the team’s gap with what it means and saves a new one when the field is left', async () => {
    const { requests } = settingsServer();
    const { user } = renderApp('/profile/settings');
    const field = await gap();
    await waitFor(() => expect(field).toHaveValue('60'));
    expect(field).toHaveAccessibleDescription(
      'Две продажи на одном канале ближе этого интервала отмечаются как конфликт',
    );

    await user.clear(field);
    await user.type(field, '90');
    await user.tab();
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ minGapMinutes: 90 }),
    );
    expect(field).toHaveValue('90');

    // Enter saves too; an unchanged value sends nothing.
    await user.clear(field);
    await user.type(field, '0{Enter}');
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({ minGapMinutes: 0 });
    await user.click(field);
    await user.tab();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2);
  });

  it('refuses what is not a whole number of minutes from 0 to 1440 in Russian, without asking the server', async () => {
    const { requests } = settingsServer();
    const { user } = renderApp('/profile/settings');
    const field = await gap();
    await waitFor(() => expect(field).toHaveValue('60'));
    for (const typed of ['1441', '1.5', 'час', ' ']) {
      await user.clear(field);
      await user.type(field, typed);
      await user.tab();
      expect(await screen.findByRole('alert'), typed).toHaveTextContent('Целое число минут от 0 до 1440');
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('puts a refused save back and says why', async () => {
    settingsServer((request) => 'minGapMinutes' in (request.body as object));
    const { user } = renderApp('/profile/settings');
    const field = await gap();
    await waitFor(() => expect(field).toHaveValue('60'));
    await user.clear(field);
    await user.type(field, '30{Enter}');
    expect(await screen.findByText('Не удалось сохранить настройки')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue('60'));
  });
});
