import type { TelegramLinkState, UserSettings } from '@addesk/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allOn, profileApi } from './profile-fixtures';
import { renderApp } from './render-app';

const BOT_URL = 'https://t.me/addesk_bot?start=AbC-123_xyz';

/** A settings server whose Telegram state the test changes, as the bot's /start does on the real one. */
function telegramServer(telegram: TelegramLinkState) {
  let stored: UserSettings = { ...allOn, telegram };
  const api = profileApi({
    'GET /api/settings': () => ({ body: stored }),
    'PATCH /api/settings': (request) => {
      stored = { ...stored, ...(request.body as object) };
      return { body: stored };
    },
    'POST /api/profile/telegram/link': { body: { url: BOT_URL } },
    'DELETE /api/profile/telegram': () => {
      stored = { ...stored, telegram: { ...stored.telegram, linked: false, username: null } };
      return { status: 204 };
    },
  });
  return {
    ...api,
    linkAs: (username: string | null) => {
      stored = { ...stored, telegram: { available: true, linked: true, username } };
    },
  };
}

/** The person comes back to the tab from Telegram. */
function comeBack() {
  act(() => {
    // Browsers fire it at the document and it bubbles to the window, where TanStack Query listens.
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/profile/settings/notifications: Telegram', () => {
  it("'Подключить Telegram' opens the bot's link in a new tab, and shows the link made once back", async () => {
    const server = telegramServer({ available: true, linked: false, username: null });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderApp('/profile/settings/notifications');

    await user.click(await screen.findByRole('button', { name: 'Подключить Telegram' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(BOT_URL));
    expect(tab.opener).toBeNull();
    expect(server.requests.filter((r) => r.path === '/api/profile/telegram/link')).toHaveLength(1);
    expect(
      await screen.findByText('Нажмите «Запустить» в чате с ботом и вернитесь сюда'),
    ).toBeInTheDocument();

    server.linkAs('anna_ads');
    comeBack();
    expect(await screen.findByRole('heading', { name: 'Подключён: @anna_ads' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByRole('button', { name: 'Подключить Telegram' })).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/profile/telegram')).toBe(
      true,
    );
  });

  it('closes the blank tab when the link cannot be made', async () => {
    profileApi({
      'GET /api/settings': { body: { ...allOn } },
      'POST /api/profile/telegram/link': {
        status: 502,
        body: {
          code: 'UPSTREAM_UNAVAILABLE',
          message: 'Telegram сейчас не отвечает. Попробуйте ещё раз через минуту',
        },
      },
    });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderApp('/profile/settings/notifications');

    await user.click(await screen.findByRole('button', { name: 'Подключить Telegram' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
  });

  it('says when this server has no bot, with nothing to press', async () => {
    telegramServer({ available: false, linked: false, username: null });
    renderApp('/profile/settings/notifications');
    expect(
      await screen.findByText('Бот Telegram на этом сервере не настроен: напоминания в Telegram не придут'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Подключить Telegram' })).not.toBeInTheDocument();
  });

  it("saves 'Оплаты' and 'Напоминать за' at a tap", async () => {
    const { requests } = telegramServer({ available: true, linked: true, username: null });
    const { user } = renderApp('/profile/settings/notifications');
    expect(await screen.findByRole('heading', { name: 'Подключён: Telegram' })).toBeInTheDocument();

    await user.click(await screen.findByRole('switch', { name: 'Оплаты' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        { notifyPayments: false },
      ]),
    );
    const group = screen.getByRole('radiogroup', { name: 'Напоминать за' });
    expect(screen.getByRole('radio', { name: '1 час' })).toBeChecked();
    expect(group.querySelectorAll('input[type=radio]')).toHaveLength(5);
    await user.click(screen.getByRole('radio', { name: 'сутки' }));
    expect(screen.getByRole('radio', { name: 'сутки' })).toBeChecked();
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({
        remindMinutesBefore: 1440,
      }),
    );
  });
});
