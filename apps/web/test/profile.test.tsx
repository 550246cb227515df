import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { channel, countedPage, demoUser } from './fake-api';
import { noTariff, onSetka, onTrial, plain, profileApi } from './profile-fixtures';
import { renderApp } from './render-app';

const tariffBlock = () => screen.findByRole('region', { name: 'Тариф' });

describe('/profile', () => {
  it('shows the user with a link to /profile/edit and the menu of spec §2.11, with the owner’s marking (issue 35)', async () => {
    profileApi();
    renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Анна Смирнова/ })).toHaveAttribute('href', '/profile/edit');
    const menu = screen.getByRole('navigation', { name: 'Разделы профиля' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Синхронизация', '/profile/settings/sync'],
      ['Уведомления', '/profile/settings/notifications'],
      ['Реферальная программа', '/referral-program'],
      ['Маркировка', '/marking'],
      ['Настройки', '/profile/settings'],
    ]);
  });

  it("says there is no tariff yet, with 'Выбрать тариф' and the trial while it is left", async () => {
    profileApi();
    renderApp('/profile');

    const block = await tariffBlock();
    expect(await within(block).findByText('У вас пока что нет подключенного тарифа')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'Выбрать тариф' })).toHaveAttribute(
      'href',
      '/profile/tariff',
    );
    expect(within(block).getByRole('link', { name: 'Попробовать бесплатно' })).toHaveAttribute(
      'href',
      '/profile/tariff/trial',
    );
    expect(plain(block.textContent)).toContain('Каналы1 из 1 канала');
  });

  it('hides the trial offer once the trial is used', async () => {
    profileApi({ 'GET /api/tariff/current': { body: { ...noTariff, trialAvailable: false } } });
    renderApp('/profile');
    const block = await tariffBlock();
    await within(block).findByRole('link', { name: 'Выбрать тариф' });
    expect(within(block).queryByRole('link', { name: 'Попробовать бесплатно' })).not.toBeInTheDocument();
  });

  it('shows the running trial with its end date and channel use', async () => {
    profileApi({ 'GET /api/tariff/current': { body: onTrial } });
    renderApp('/profile');

    const block = await tariffBlock();
    expect(await within(block).findByText('Пробный')).toBeInTheDocument();
    expect(plain(block.textContent)).toContain('Действует до 01.04.2025 · до 10 каналов');
    expect(plain(block.textContent)).toContain('4 из 10 каналов');
    expect(block).not.toHaveTextContent('нет подключенного тарифа');
    expect(within(block).getByRole('link', { name: 'Выбрать тариф' })).toHaveAttribute(
      'href',
      '/profile/tariff',
    );
    expect(within(block).getByRole('link', { name: 'Продлить бесплатно' })).toHaveAttribute(
      'href',
      '/referral-program',
    );
  });

  it('offers the free prolongation of a paid tariff', async () => {
    profileApi({ 'GET /api/tariff/current': { body: onSetka } });
    renderApp('/profile');

    const block = await tariffBlock();
    expect(await within(block).findByText('СЕТКА 10')).toBeInTheDocument();
    expect(plain(block.textContent)).toContain('Действует до 01.09.2025');
    expect(within(block).getByRole('link', { name: 'Продлить бесплатно' })).toHaveAttribute(
      'href',
      '/profile/tariff/setka-10/free-prolongation',
    );
    expect(within(block).getByRole('link', { name: 'Сменить тариф' })).toHaveAttribute(
      'href',
      '/profile/tariff',
    );
  });

  it('warns when there are more channels than the tariff allows', async () => {
    profileApi({ 'GET /api/tariff/current': { body: { ...noTariff, channelsUsed: 4 } } });
    renderApp('/profile');
    const block = await tariffBlock();
    expect(await within(block).findByText(/Каналов больше, чем позволяет тариф/)).toBeInTheDocument();
  });

  it('keeps the screen when the tariff cannot be loaded, and retries', async () => {
    let fail = true;
    profileApi({
      'GET /api/tariff/current': () =>
        fail ? { status: 500, body: { code: 'INTERNAL', message: 'Сбой базы' } } : { body: onTrial },
    });
    const { user } = renderApp('/profile');
    const block = await tariffBlock();
    expect(await within(block).findByRole('alert')).toHaveTextContent('Сбой базы');
    expect(screen.getByRole('navigation', { name: 'Разделы профиля' })).toBeInTheDocument();

    fail = false;
    await user.click(within(block).getByRole('button', { name: 'Повторить' }));
    expect(await within(block).findByText('Пробный')).toBeInTheDocument();
  });
});

describe('/profile/edit', () => {
  const firstName = () => screen.findByRole('textbox', { name: 'Имя' });
  const secondName = () => screen.getByRole('textbox', { name: 'Фамилия' });
  const save = () => screen.getByRole('button', { name: 'Сохранить' });

  it('shows the initials and the name in editable fields; nothing to save until it changes', async () => {
    profileApi();
    renderApp('/profile/edit');

    expect(await firstName()).toHaveValue('Анна');
    expect(secondName()).toHaveValue('Смирнова');
    expect(screen.getByText('АС')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/profile');
  });

  it('refuses an empty name without a call', async () => {
    const { requests } = profileApi();
    const { user } = renderApp('/profile/edit');

    await user.clear(await firstName());
    await user.type(await firstName(), '   ');
    await user.click(save());

    expect(await screen.findByText('Поле не должно быть пустым')).toBeInTheDocument();
    expect(await firstName()).toHaveAttribute('aria-invalid', 'true');
    expect(await firstName()).toHaveFocus();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.type(await firstName(), 'Ольга');
    expect(screen.queryByText('Поле не должно быть пустым')).not.toBeInTheDocument();
  });

  it('saves the trimmed name with its version and shows it on /profile and the dashboard', async () => {
    let stored = { ...demoUser };
    const { requests } = profileApi({
      'GET /api/employee': () => ({ body: stored }),
      'PATCH /api/employee/7': (request) => {
        const body = request.body as { firstName: string; secondName: string };
        stored = { ...stored, ...body, version: stored.version + 1 };
        return { body: { ...stored, telegramNickName: null, managerId: null } };
      },
      'GET /api/channel': { body: countedPage([channel(1, 'Новости')]) },
      'GET /api/employee/7/subordinates': { body: countedPage([]) },
    });
    const { user, router } = renderApp('/profile/edit');

    await user.clear(await firstName());
    await user.type(await firstName(), '  Мария ');
    await user.clear(secondName());
    await user.type(secondName(), 'Ковалёва');
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/employee/7');
    expect(patch?.body).toEqual({ firstName: 'Мария', secondName: 'Ковалёва', version: 1 });
    expect(await screen.findByRole('link', { name: /Мария Ковалёва/ })).toBeInTheDocument();
    expect(await screen.findByText('Профиль сохранён')).toBeInTheDocument();
    // The current user was updated in place, not asked again.
    expect(requests.filter((r) => r.path === '/api/employee' && r.method === 'GET')).toHaveLength(1);

    await router.navigate({ to: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Мария Ковалёва' })).toBeInTheDocument();
  });

  it("shows the server's field errors under the fields", async () => {
    profileApi({
      'PATCH /api/employee/7': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Проверьте введённые данные',
          fieldErrors: { secondName: ['Не длиннее 60 символов'] },
        },
      },
    });
    const { user } = renderApp('/profile/edit');
    await user.type(await firstName(), 'на');
    await user.click(save());

    expect(await screen.findByText('Не длиннее 60 символов')).toBeInTheDocument();
    expect(secondName()).toHaveAttribute('aria-invalid', 'true');
  });

  it('on a version conflict loads the fresh profile and says so', async () => {
    let stored = { ...demoUser };
    const { requests } = profileApi({
      'GET /api/employee': () => ({ body: stored }),
      'PATCH /api/employee/7': () => {
        // Someone renamed the profile in another tab meanwhile.
        stored = { ...stored, firstName: 'Анюта', version: 2 };
        return {
          status: 409,
          body: {
            code: 'VERSION_CONFLICT',
            message: 'Запись уже изменил кто-то другой. Загружена свежая версия',
          },
        };
      },
    });
    const { user, router } = renderApp('/profile/edit');

    await user.clear(await firstName());
    await user.type(await firstName(), 'Аня');
    await user.click(save());

    expect(
      await screen.findByText('Запись уже изменил кто-то другой. Загружена свежая версия'),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await firstName()).toHaveValue('Анюта'));
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(requests.filter((r) => r.path === '/api/employee' && r.method === 'GET')).toHaveLength(2);

    // The next save sends the fresh version.
    await user.clear(await firstName());
    await user.type(await firstName(), 'Аня');
    await user.click(save());
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PATCH')[1]?.body).toMatchObject({ version: 2 });
  });
});
