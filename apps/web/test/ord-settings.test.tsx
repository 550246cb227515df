import { OWNER_PERMISSIONS, type TeamOrd } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, type FakeHandler } from './fake-api';
import { profileApi } from './profile-fixtures';
import { renderApp } from './render-app';

// /profile/settings/ord (issue 35): the team's VK ОРД account, the owner's only; the key is write-only.

// Radix's switch inside a form measures itself for its hidden native input: jsdom has no ResizeObserver.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const noKey: TeamOrd = { provider: 'vk', sandbox: false, keySet: false };
const withKey: TeamOrd = { provider: 'vk', sandbox: true, keySet: true };

const notOwner = {
  'GET /api/employee': {
    body: { ...demoUser, isOwner: false, permissions: { ...OWNER_PERMISSIONS, owner: false } },
  },
};

/** A server that keeps what it is sent, as the real one does: an absent key keeps it, '' removes it. */
function ordApi(stored: TeamOrd = noKey, overrides: Record<string, FakeHandler> = {}) {
  let account = { ...stored };
  return profileApi({
    'GET /api/team/ord': () => ({ body: account }),
    'PUT /api/team/ord': (request) => {
      const body = request.body as { provider: 'vk'; sandbox: boolean; apiKey?: string };
      const keySet = body.apiKey === undefined ? account.keySet : body.apiKey !== '';
      account = { provider: body.provider, sandbox: body.sandbox, keySet };
      return { body: account };
    },
    ...overrides,
  });
}

/** The key's password field, if shown. */
const keyField = () => screen.queryByLabelText('Ключ API', { selector: 'input' });

const puts = (requests: ReturnType<typeof ordApi>['requests']) => requests.filter((r) => r.method === 'PUT');

describe('/profile/settings: the ОРД row', () => {
  it("the owner sees 'ОРД (маркировка)' next to the legal details, leading to /profile/settings/ord", async () => {
    ordApi();
    renderApp('/profile/settings');
    const link = await screen.findByRole('link', { name: /ОРД \(маркировка\)/ });
    expect(link).toHaveAttribute('href', '/profile/settings/ord');
    expect(link).toHaveTextContent('Ключ API для регистрации рекламы');
    expect(screen.getByRole('link', { name: /Юридические данные/ })).toBeInTheDocument();
  });

  it('someone who is not the owner sees neither the row nor the screen, and the account is never asked for', async () => {
    const { requests } = ordApi(noKey, notOwner);
    const first = renderApp('/profile/settings');
    expect(await screen.findByRole('button', { name: 'Выйти из профиля' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /ОРД/ })).not.toBeInTheDocument();
    first.unmount();

    renderApp('/profile/settings/ord');
    expect(await screen.findByText('Этот раздел доступен только владельцу команды.')).toBeInTheDocument();
    expect(keyField()).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/team/ord')).toBe(false);
  });
});

describe('/profile/settings/ord', () => {
  it('shows VK ОРД, the sandbox switch with its hint and an empty password field for the key', async () => {
    ordApi();
    renderApp('/profile/settings/ord');
    const key = await screen.findByLabelText('Ключ API');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveValue('');
    expect(screen.getByText('VK ОРД')).toBeInTheDocument();
    const sandbox = screen.getByRole('switch', { name: 'Песочница' });
    expect(sandbox).toHaveAttribute('aria-checked', 'false');
    expect(sandbox).toHaveAccessibleDescription('Для проверки: ОРД не передаёт данные в ЕРИР');
    expect(screen.queryByText('Ключ сохранён')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/profile/settings');
  });

  it("saves the key with PUT and then only says 'Ключ сохранён'", async () => {
    const { requests } = ordApi();
    const { user } = renderApp('/profile/settings/ord');
    await user.type(await screen.findByLabelText('Ключ API'), '  secret-key_123 ');
    await user.click(screen.getByRole('switch', { name: 'Песочница' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.path).toBe('/api/team/ord');
    expect(puts(requests)[0]?.body).toEqual({ provider: 'vk', sandbox: true, apiKey: 'secret-key_123' });
    expect(await screen.findByText('Ключ сохранён')).toBeInTheDocument();
    expect(await screen.findByText('Настройки ОРД сохранены')).toBeInTheDocument();
    expect(keyField()).not.toBeInTheDocument();
  });

  it("with a saved key: never pre-filled, 'Заменить' opens an empty field, and saving without typing keeps the key", async () => {
    const { requests } = ordApi(withKey);
    const { user } = renderApp('/profile/settings/ord');
    expect(await screen.findByText('Ключ сохранён')).toBeInTheDocument();
    expect(keyField()).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Песочница' })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('button', { name: 'Заменить' }));
    expect(screen.getByLabelText('Ключ API')).toHaveValue('');
    await user.click(screen.getByRole('switch', { name: 'Песочница' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    // No apiKey: the saved one stays.
    expect(puts(requests)[0]?.body).toEqual({ provider: 'vk', sandbox: false });
    expect(await screen.findByText('Ключ сохранён')).toBeInTheDocument();
  });

  it("replaces the key with the one typed after 'Заменить'", async () => {
    const { requests } = ordApi(withKey);
    const { user } = renderApp('/profile/settings/ord');
    await user.click(await screen.findByRole('button', { name: 'Заменить' }));
    await user.type(screen.getByLabelText('Ключ API'), 'new-key');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toEqual({ provider: 'vk', sandbox: true, apiKey: 'new-key' });
  });

  it("'Удалить ключ' asks in a sheet, then sends apiKey '' and shows the empty field", async () => {
    const { requests } = ordApi(withKey);
    const { user } = renderApp('/profile/settings/ord');
    await user.click(await screen.findByRole('button', { name: 'Удалить ключ' }));
    const sheet = await screen.findByRole('dialog', { name: 'Удалить ключ API?' });
    expect(puts(requests)).toHaveLength(0);
    await user.click(within(sheet).getByRole('button', { name: 'Удалить ключ' }));

    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toEqual({ provider: 'vk', sandbox: true, apiKey: '' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByLabelText('Ключ API')).toHaveValue('');
    expect(screen.queryByText('Ключ сохранён')).not.toBeInTheDocument();
  });

  it("shows the server's field error under the key's field", async () => {
    const message = 'Ключ API: латинские буквы, цифры и знаки без пробелов';
    const { requests } = ordApi(noKey, {
      'PUT /api/team/ord': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Проверьте введённые данные',
          fieldErrors: { apiKey: [message] },
        },
      },
    });
    const { user } = renderApp('/profile/settings/ord');
    await user.type(await screen.findByLabelText('Ключ API'), 'ключ');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Ключ API')).toHaveAccessibleDescription(new RegExp(message));
    expect(screen.getByLabelText('Ключ API')).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toHaveLength(1);
  });

  it("shows a failure that is not a field's above 'Сохранить'", async () => {
    ordApi(noKey, {
      'PUT /api/team/ord': {
        status: 503,
        body: {
          code: 'UNAVAILABLE',
          message: 'Сервер не может сохранить ключ: администратору нужно задать SECRETS_KEY',
        },
      },
    });
    const { user } = renderApp('/profile/settings/ord');
    await user.type(await screen.findByLabelText('Ключ API'), 'key');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('администратору нужно задать SECRETS_KEY');
  });
});
