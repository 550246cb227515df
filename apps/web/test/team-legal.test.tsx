import { OWNER_PERMISSIONS } from '@addesk/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser, type FakeHandler } from './fake-api';
import { profileApi } from './profile-fixtures';
import { renderApp } from './render-app';

const sberbank = { type: 'juridical', name: 'ПАО Сбербанк', inn: '7707083893', kpp: '773601001' } as const;

/** The profile's answers and the team's legal details: none yet unless `stored` is given. */
function legalApi(stored: unknown = null, overrides: Record<string, FakeHandler> = {}) {
  return profileApi({
    'GET /api/team/legal': { body: stored },
    'PUT /api/team/legal': (request) => ({ body: { kpp: null, ...(request.body as object) } }),
    ...overrides,
  });
}

const puts = (requests: ReturnType<typeof legalApi>['requests']) =>
  requests.filter((r) => r.method === 'PUT');

describe('/profile/settings: the legal details row', () => {
  it("the owner sees 'Юридические данные' leading to /profile/settings/legal", async () => {
    legalApi();
    renderApp('/profile/settings');
    const link = await screen.findByRole('link', { name: /Юридические данные/ });
    expect(link).toHaveAttribute('href', '/profile/settings/legal');
    expect(link).toHaveTextContent('Для маркировки рекламы: ИНН и название');
  });

  it('someone who is not the owner does not see it', async () => {
    legalApi(null, {
      'GET /api/employee': {
        body: { ...demoUser, isOwner: false, permissions: { ...OWNER_PERMISSIONS, owner: false } },
      },
    });
    renderApp('/profile/settings');
    expect(await screen.findByRole('button', { name: 'Выйти из профиля' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Юридические данные/ })).not.toBeInTheDocument();
  });
});

describe('/profile/settings/legal', () => {
  it('starts empty as a company and says what the details are for', async () => {
    legalApi();
    renderApp('/profile/settings/legal');
    expect(await screen.findByRole('radio', { name: 'Юрлицо' })).toBeChecked();
    expect(screen.getByText(/эти данные уходят в ОРД при регистрации рекламы/)).toBeInTheDocument();
    expect(screen.getByLabelText('Название')).toHaveAttribute('placeholder', 'ООО «Ромашка»');
    expect(screen.getByLabelText('ИНН')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('ИНН')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/profile/settings');
  });

  it('shows the saved details from the server', async () => {
    legalApi(sberbank);
    renderApp('/profile/settings/legal');
    expect(await screen.findByLabelText('Название')).toHaveValue('ПАО Сбербанк');
    expect(screen.getByLabelText('ИНН')).toHaveValue('7707083893');
    expect(screen.getByLabelText('КПП')).toHaveValue('773601001');
    expect(screen.getByRole('radio', { name: 'Юрлицо' })).toBeChecked();
  });

  it('a wrong ИНН checksum shows its message on blur and on save, and nothing is sent', async () => {
    const { requests } = legalApi();
    const { user } = renderApp('/profile/settings/legal');
    await user.type(await screen.findByLabelText('Название'), 'ПАО Сбербанк');
    await user.type(screen.getByLabelText('ИНН'), '7707083894');
    await user.tab();
    expect(screen.getByLabelText('ИНН')).toHaveAccessibleDescription(/ИНН: неверная контрольная сумма/);
    await user.type(screen.getByLabelText('КПП'), '773601001');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('ИНН: неверная контрольная сумма')).toBeInTheDocument();
    expect(screen.getByLabelText('ИНН')).toHaveFocus();
    expect(puts(requests)).toHaveLength(0);
  });

  it("asks for a company's КПП", async () => {
    const { requests } = legalApi();
    const { user } = renderApp('/profile/settings/legal');
    await user.type(await screen.findByLabelText('Название'), 'ПАО Сбербанк');
    await user.type(screen.getByLabelText('ИНН'), '7707083893');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('КПП: обязателен для юрлица')).toBeInTheDocument();
    await user.type(screen.getByLabelText('КПП'), '7736');
    expect(screen.getByText('КПП: 9 знаков, например 770101001')).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);
  });

  it("saves a company as {type, name, inn, kpp} and says 'Юридические данные сохранены'", async () => {
    const { requests } = legalApi();
    const { user, router } = renderApp('/profile/settings/legal');
    await user.type(await screen.findByLabelText('Название'), '  ПАО Сбербанк ');
    await user.type(screen.getByLabelText('ИНН'), '7707083893');
    await user.type(screen.getByLabelText('КПП'), '773601001');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.path).toBe('/api/team/legal');
    expect(puts(requests)[0]?.body).toEqual(sberbank);
    expect(await screen.findByText('Юридические данные сохранены')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/settings'));
  });

  it('ИП hides КПП, wants 12 digits, and is sent without a КПП', async () => {
    const { requests } = legalApi();
    const { user } = renderApp('/profile/settings/legal');
    await user.click(await screen.findByRole('radio', { name: 'ИП' }));
    expect(screen.getByRole('radio', { name: 'ИП' })).toBeChecked();
    expect(screen.queryByLabelText('КПП')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Название')).toHaveAttribute('placeholder', 'ИП Иванов Иван Иванович');

    await user.type(screen.getByLabelText('Название'), 'ИП Петров Пётр Петрович');
    // A company's ten digits are not an entrepreneur's ИНН.
    await user.type(screen.getByLabelText('ИНН'), '7707083893');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('ИНН: 10 цифр у юрлица, 12 — у ИП и физлица')).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);

    await user.clear(screen.getByLabelText('ИНН'));
    await user.type(screen.getByLabelText('ИНН'), '500100732259');
    expect(screen.queryByText(/ИНН:/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toEqual({
      type: 'ip',
      name: 'ИП Петров Пётр Петрович',
      inn: '500100732259',
    });
  });

  it("shows the server's field error under its field", async () => {
    const { requests } = legalApi(sberbank, {
      'PUT /api/team/legal': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Проверьте поля',
          fieldErrors: { name: ['Название: не длиннее 300 символов'] },
        },
      },
    });
    const { user, router } = renderApp('/profile/settings/legal');
    await user.type(await screen.findByLabelText('Название'), '!');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Название: не длиннее 300 символов')).toBeInTheDocument();
    expect(screen.getByLabelText('Название')).toHaveAccessibleDescription(
      'Название: не длиннее 300 символов',
    );
    expect(screen.getByLabelText('Название')).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/profile/settings/legal');
  });

  it("shows the server's message when the details cannot be loaded", async () => {
    legalApi(null, {
      'GET /api/team/legal': { status: 500, body: { code: 'INTERNAL', message: 'Сервер недоступен' } },
    });
    renderApp('/profile/settings/legal');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
