import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { salesManager } from './deal-api';
import { channel, countedPage, demoUser, employee, installFakeApi } from './fake-api';
import { summary } from './finance-api';
import { renderApp } from './render-app';

function dashboardApi(overrides: Record<string, Parameters<typeof installFakeApi>[0][string]> = {}) {
  return installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/channel': {
      body: countedPage(
        [channel(1, 'Новости Москвы', 'https://cdn.example/1.jpg'), channel(2, 'Крипта'), channel(3, 'Юмор')],
        5,
      ),
    },
    'GET /api/employee/7/subordinates': { body: countedPage([]) },
    'GET /api/finance/summary': { body: summary },
    ...overrides,
  });
}

describe('/dashboard', () => {
  it('shows the user with a link to the profile', async () => {
    dashboardApi();
    renderApp('/dashboard');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Анна Смирнова' });
    expect(heading.closest('a')).toHaveAttribute('href', '/profile');
    // No picture: the initials stand in.
    expect(within(screen.getByRole('banner')).getByText('АС')).toBeInTheDocument();
  });

  it("shows up to 3 channel avatars and '+N' for the rest, linking to /channels", async () => {
    const { requests } = dashboardApi();
    renderApp('/dashboard');
    const card = await screen.findByRole('link', { name: 'Каналы: 5 каналов' });
    expect(card).toHaveAttribute('href', '/channels');
    expect(within(card).getByRole('img', { name: 'Новости Москвы' })).toHaveAttribute(
      'src',
      'https://cdn.example/1.jpg',
    );
    expect(within(card).getByRole('img', { name: 'Крипта' })).toHaveTextContent('К');
    expect(within(card).getAllByRole('img')).toHaveLength(3);
    expect(within(card).getByText('+2')).toBeInTheDocument();
    const channelCall = requests.find((r) => r.path === '/api/channel');
    expect(channelCall?.query.get('limit')).toBe('3');
  });

  it("shows 'Нет данных' when there are no employees, linking to /employees", async () => {
    dashboardApi();
    renderApp('/dashboard');
    const card = await screen.findByRole('link', { name: 'Сотрудники: нет данных' });
    expect(card).toHaveAttribute('href', '/employees');
    expect(within(card).getByText('Нет данных')).toBeInTheDocument();
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
  });

  it("shows employees without '+N' when all fit", async () => {
    dashboardApi({
      'GET /api/employee/7/subordinates': {
        body: countedPage([employee(11, 'Пётр', 'Иванов'), employee(12, 'Ольга', 'Кузнецова')]),
      },
      'GET /api/channel': { body: countedPage([]) },
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('link', { name: 'Сотрудники: 2 сотрудника' });
    expect(within(card).getByRole('img', { name: 'Пётр Иванов' })).toHaveTextContent('ПИ');
    expect(within(card).getAllByRole('img')).toHaveLength(2);
    expect(within(card).queryByText(/^\+/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Каналы: нет данных' })).toBeInTheDocument();
  });

  it('keeps the screen when one card fails', async () => {
    dashboardApi({ 'GET /api/channel': { status: 500, body: { code: 'INTERNAL', message: 'Сбой' } } });
    renderApp('/dashboard');
    const card = await screen.findByRole('link', { name: 'Каналы: не удалось загрузить' });
    expect(within(card).getByText('Не удалось загрузить')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Сотрудники: нет данных' })).toBeInTheDocument();
  });

  it("has the seven menu tiles, with 'Клиенты' and 'Зарплаты'", async () => {
    dashboardApi();
    renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Разделы' });
    const links = within(menu).getAllByRole('link');
    await waitFor(() =>
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Каналы', '/channels'],
        ['Сотрудники', '/employees'],
        ['Продажи', '/sales'],
        ['Закупки', '/purchases'],
        ['Клиенты', '/clients'],
        ['Контент', '/content'],
        ['ФинансыПрибыль за месяц9\u00a0500\u00a0руб', '/finance'],
        ['Зарплаты', '/payroll'],
        ['Поддержка', '/faq'],
      ]),
    );
  });
});

// The owner's marking reminder (issue 35): GET /api/marking/due, loaded with the dashboard's own data (its route's
// loader), so it is there when the screen first shows and pushes nothing down later (issue 38: a layout shift).
describe('/dashboard: the marking reminder', () => {
  const due = { month: '2026-11', deadline: '2026-12-30', daysLeft: 5, withMissing: 3 };

  it('leads the owner to the month due, with the deadline and how many deals lack data', async () => {
    dashboardApi({ 'GET /api/marking/due': { body: due } });
    renderApp('/dashboard');
    const link = await screen.findByRole('link', {
      name: 'Маркировка за ноябрь: до 30.12.2026 осталось 5\u00a0дней, не хватает данных по 3\u00a0сделкам',
    });
    expect(link).toHaveAttribute('href', '/marking?month=2026-11');
  });

  it('is on the screen as soon as the screen is, not added above it later', async () => {
    dashboardApi({ 'GET /api/marking/due': { body: due } });
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Разделы' });
    expect(screen.getByRole('link', { name: /^Маркировка за ноябрь/ })).toBeInTheDocument();
  });

  it('says one day and one deal in Russian', async () => {
    dashboardApi({ 'GET /api/marking/due': { body: { ...due, daysLeft: 1, withMissing: 1 } } });
    renderApp('/dashboard');
    expect(
      await screen.findByRole('link', {
        name: 'Маркировка за ноябрь: до 30.12.2026 остался 1\u00a0день, не хватает данных по 1\u00a0сделке',
      }),
    ).toBeInTheDocument();
  });

  it('is absent when nothing is due', async () => {
    const { requests } = dashboardApi({ 'GET /api/marking/due': { body: null } });
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Разделы' });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/marking/due')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /^Маркировка/ })).not.toBeInTheDocument();
  });

  it('is neither asked for nor shown for someone who is not the owner', async () => {
    const { requests } = dashboardApi({
      'GET /api/employee': { body: salesManager },
      'GET /api/marking/due': { body: due },
    });
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Разделы' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('link', { name: /^Маркировка/ })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/marking/due')).toBe(false);
  });
});
