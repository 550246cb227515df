import type { CurrentUser, Permissions } from '@addesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dealApi, dealFixture, design, finance, oleg } from './deal-api';
import { channel, countedPage, demoUser, installFakeApi } from './fake-api';
import { renderApp } from './render-app';
import { employeeDetail, maria, teamApi } from './team-api';

// The team signs in (docs/decisions/024): invitations on a person's page, the invitation's own page, the team
// switcher, and screens that offer a member only what their role allows.

/** A sales manager of channel 1 ('Финансы для всех'): no money, no people, no purchases. */
const salesPermissions: Permissions = {
  finance: false,
  people: false,
  owner: false,
  sale: { see: true, createOn: [finance.id], manageOn: [] },
  purchase: { see: false, createOn: [], manageOn: [] },
  schedule: true,
};
const salesManager = {
  ...demoUser,
  isOwner: false,
  permissions: salesPermissions,
  team: { id: 2, name: 'Команда Алексей Смирнов', count: 2 },
} satisfies CurrentUser;

const link = 'http://localhost:3000/invite/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe("a person's page: 'Вход в AdDesk'", () => {
  const page = (membership: object, extra: Parameters<typeof teamApi>[0] = {}) =>
    teamApi({
      'GET /api/employee/11': { body: employeeDetail(maria, 'maria_kovaleva') },
      'GET /api/employee/11/assignedChannels': { body: [] },
      'GET /api/employee/11/paymentMethods': { body: [] },
      'GET /api/employee/11/subordinates': { body: countedPage([]) },
      'GET /api/employee/11/membership': { body: membership },
      ...extra,
    });

  it('makes a one-time link, shows it with its QR code and end, and revokes it', async () => {
    let membership = { joinedAt: null, invitationExpiresAt: null as string | null };
    const { requests } = page(membership, {
      'GET /api/employee/11/membership': () => ({ body: membership }),
      'POST /api/employee/11/invite': () => {
        membership = { joinedAt: null, invitationExpiresAt: '2026-12-04T19:00:00.000Z' };
        return {
          status: 201,
          body: {
            url: link,
            telegramUrl: 'https://t.me/addesk_bot?start=inv_tok',
            expiresAt: '2026-12-04T19:00:00.000Z',
            qr: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        };
      },
      'DELETE /api/employee/11/invite': () => {
        membership = { joinedAt: null, invitationExpiresAt: null };
        return { status: 204 };
      },
    });
    const { user } = renderApp('/employees/11');
    const card = await screen.findByRole('region', { name: 'Вход в AdDesk' });
    await user.click(await within(card).findByRole('button', { name: 'Пригласить в AdDesk' }));

    expect(await within(card).findByText(link)).toBeInTheDocument();
    // The same invitation through the bot, to send to someone who lives in Telegram.
    expect(within(card).getByRole('button', { name: 'Ссылка для входа через Telegram' })).toBeInTheDocument();
    expect(within(card).getByText(/действует до 04\.12\.2026/)).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'QR-код приглашения для Мария Ковалёва' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    await user.click(within(card).getByRole('button', { name: 'Отозвать' }));
    expect(await screen.findByText('Приглашение отозвано')).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Пригласить в AdDesk' })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/employee/11/invite').map((r) => r.method)).toEqual([
      'POST',
      'DELETE',
    ]);
  });

  it('says when the person signed in, and offers no link then', async () => {
    page({ joinedAt: '2026-11-20T09:00:00.000Z', invitationExpiresAt: null });
    renderApp('/employees/11');
    const card = await screen.findByRole('region', { name: 'Вход в AdDesk' });
    expect(await within(card).findByText('Вошёл в AdDesk 20.11.2026')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows a member neither the invitation, nor another's requisites, nor the role buttons", async () => {
    page({ joinedAt: null, invitationExpiresAt: null }, { 'GET /api/employee': { body: salesManager } });
    renderApp('/employees/11');
    expect(await screen.findByRole('heading', { name: 'Мария Ковалёва' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Каналы и роли' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Вход в AdDesk' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Реквизиты' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить роль' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Изменить имя' })).not.toBeInTheDocument();
  });
});

describe('/auth?invite={token} (where /invite/{token} leads)', () => {
  const token = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

  it('says who invites whom to which team, and signs in with the invitation', async () => {
    installFakeApi({
      'GET /api/employee': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Войдите' } },
      'GET /api/auth/providers': { body: { google: true, yandex: true, demo: true } },
      [`GET /api/invite/${token}`]: {
        body: {
          teamName: 'Команда Алексей Смирнов',
          employeeName: 'Мария Ковалёва',
          invitedBy: 'Алексей Смирнов',
          expiresAt: '2026-12-04T19:00:00.000Z',
        },
      },
    });
    renderApp(`/auth?invite=${token}`);
    expect(await screen.findByText('Алексей Смирнов')).toBeInTheDocument();
    expect(screen.getByText('«Команда Алексей Смирнов»')).toBeInTheDocument();
    expect(
      screen.getByText(/Вы войдёте как Мария Ковалёва\. Ссылка действует до 04\.12\.2026/),
    ).toBeInTheDocument();
    const google = screen.getByRole('link', { name: 'Войти через Google' });
    expect(new URL(google.getAttribute('href') ?? '', 'http://x').searchParams.get('invite')).toBe(token);
    const demo = await screen.findByRole('link', { name: 'Демо-вход' });
    expect(new URL(demo.getAttribute('href') ?? '', 'http://x').searchParams.get('invite')).toBe(token);
  });

  it('says why a link no longer works, and leads to the ordinary sign-in', async () => {
    installFakeApi({
      'GET /api/employee': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Войдите' } },
      'GET /api/auth/providers': { body: { google: true, yandex: true, demo: false } },
      [`GET /api/invite/${token}`]: {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Это приглашение уже использовано' },
      },
    });
    renderApp(`/auth?invite=${token}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Это приглашение уже использовано');
    expect(screen.getByRole('link', { name: 'Ко входу в AdDesk' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('link', { name: 'Войти через Google' })).not.toBeInTheDocument();
  });
});

describe('a member', () => {
  it('sees on the dashboard only the sections their role gives: no money, no people, no purchases', async () => {
    const { requests } = installFakeApi({
      'GET /api/employee': { body: salesManager },
      'GET /api/channel': { body: countedPage([channel(1, 'Финансы для всех')]) },
    });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Разделы' });
    const tiles = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(tiles).toEqual(['Каналы', 'Продажи', 'Клиенты', 'Контент', 'Зарплаты', 'Поддержка']);
    expect(requests.some((r) => r.path.startsWith('/api/finance'))).toBe(false);
  });

  it('switches to another of their teams from the profile', async () => {
    const { requests } = installFakeApi({
      'GET /api/employee': { body: salesManager },
      'GET /api/teams': {
        body: [
          { id: 1, name: 'Моя команда', isOwner: true, roles: [], current: false },
          {
            id: 2,
            name: 'Команда Алексей Смирнов',
            isOwner: false,
            roles: ['Менеджер по продажам: Финансы для всех'],
            current: true,
          },
        ],
      },
      'POST /api/session/team': { status: 204 },
      'GET /api/channel': { body: countedPage([]) },
    });
    const { user, router } = renderApp('/profile');
    // A member has no tariff to manage here.
    expect(
      await screen.findByRole('button', { name: 'Команда: Команда Алексей Смирнов. Сменить команду' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('У вас пока что нет подключенного тарифа')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Сменить команду/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Ваши команды' });
    expect(within(sheet).getByText('Менеджер по продажам: Финансы для всех')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: /Моя команда/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.find((r) => r.path === '/api/session/team')?.body).toEqual({ teamId: 1 });
  });

  it("looks at a colleague's sale without 'Редактирование', payments or 'Удалить'", async () => {
    const byOleg = { id: oleg.id, firstName: oleg.firstName, secondName: oleg.secondName, iconLink: null };
    dealApi('sale', {
      'GET /api/employee': { body: salesManager },
      'GET /api/sale/5': { body: dealFixture('sale', { soldByEmployeeInfo: byOleg }) },
      'GET /api/sale/5/payments': { body: [] },
    });
    renderApp('/sale/5');
    expect(await screen.findByRole('heading', { name: 'Оплата' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Редактирование' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить продажу' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить оплату' })).not.toBeInTheDocument();
  });

  it('records a new sale only on a channel where their role allows it', async () => {
    dealApi('sale', { 'GET /api/employee': { body: salesManager } });
    const { user } = renderApp('/sale/new');
    await user.click(await screen.findByRole('button', { name: /^Наш канал/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Наш канал' });
    expect(await within(sheet).findByRole('button', { name: /^Финансы для всех/ })).toBeInTheDocument();
    expect(
      within(sheet).queryByRole('button', { name: new RegExp(`^${design.name}`) }),
    ).not.toBeInTheDocument();
  });

  it("shows the owner the deal's history: who changed what, before and after", async () => {
    dealApi('sale', {
      'GET /api/sale/5/payments': { body: [] },
      'GET /api/sale/5/history': {
        body: {
          items: [
            {
              id: 3,
              at: '2026-11-27T11:05:00.000Z',
              actor: { id: 12, name: 'Олег Орлов' },
              action: 'update',
              changes: [
                { field: 'price', from: 10000, to: 12000 },
                { field: 'status', from: 'Новая', to: 'Согласована' },
                { field: 'postLink', from: null, to: 'https://t.me/finance_for_all/12' },
              ],
            },
            {
              id: 2,
              at: '2026-11-26T08:00:00.000Z',
              actor: { id: 7, name: 'Анна Смирнова' },
              action: 'payment_add',
              changes: [
                { field: 'amount', from: null, to: 5000 },
                { field: 'paidAt', from: null, to: '2026-11-26' },
              ],
            },
          ],
          nextCursor: null,
        },
      },
    });
    renderApp('/sale/5');
    const card = await screen.findByRole('region', { name: 'История' });
    expect(await within(card).findByText('Олег Орлов')).toBeInTheDocument();
    // The team's clock, with its zone's name where the device's differs (decisions D5).
    expect(within(card).getByText(/^27\.11, 14:05/)).toBeInTheDocument();
    expect(within(card).getByText('10 000 руб → 12 000 руб')).toBeInTheDocument();
    expect(within(card).getByText('Новая → Согласована')).toBeInTheDocument();
    expect(within(card).getByText('Ссылка на пост:')).toBeInTheDocument();
    expect(within(card).getByText('https://t.me/finance_for_all/12')).toBeInTheDocument();
    expect(within(card).getByText('5 000 руб')).toBeInTheDocument();
    expect(within(card).getByText('26.11.2026')).toBeInTheDocument();
  });
});
