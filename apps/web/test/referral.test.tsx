import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { myReferral, plain, profileApi } from './profile-fixtures';
import { renderApp } from './render-app';

describe('/profile/tariff/{tariff}/free-prolongation', () => {
  it('explains the 7 days per friend and links to the programme and the dashboard', async () => {
    profileApi();
    renderApp('/profile/tariff/setka-10/free-prolongation');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Продлите ваш тариф бесплатно' }),
    ).toBeInTheDocument();
    expect(plain(screen.getByRole('main').textContent)).toContain('продлится на 7 дней');
    expect(screen.getByRole('link', { name: 'Подробнее' })).toHaveAttribute('href', '/referral-program');
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/profile/tariff/setka-10');
  });

  it("'Ссылка' copies the referral link and says so", async () => {
    profileApi();
    const { user } = renderApp('/profile/tariff/baza-3/free-prolongation');

    const copy = await screen.findByRole('button', { name: 'Ссылка' });
    await waitFor(() => expect(copy).toBeEnabled());
    await user.click(copy);

    expect(await screen.findByText('Ссылка скопирована')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(myReferral.link);
  });

  it('says so when the browser refuses to copy', async () => {
    profileApi();
    const { user } = renderApp('/profile/tariff/baza-3/free-prolongation');
    const copy = await screen.findByRole('button', { name: 'Ссылка' });
    await waitFor(() => expect(copy).toBeEnabled());
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    // jsdom has no copy command either.
    document.execCommand = vi.fn(() => false);

    await user.click(copy);
    expect(await screen.findByText(/Не удалось скопировать ссылку/)).toBeInTheDocument();
  });

  it("'QR код' shows the QR code of the link in a bottom sheet", async () => {
    profileApi();
    const { user } = renderApp('/profile/tariff/media-25/free-prolongation');

    const qr = await screen.findByRole('button', { name: 'QR код' });
    await waitFor(() => expect(qr).toBeEnabled());
    await user.click(qr);

    const sheet = await screen.findByRole('dialog', { name: 'QR-код вашей ссылки' });
    expect(within(sheet).getByRole('img', { name: 'QR-код вашей реферальной ссылки' })).toHaveAttribute(
      'src',
      '/api/referral/qr.svg',
    );
    expect(sheet).toHaveTextContent(myReferral.link);
    await user.click(within(sheet).getByRole('button', { name: 'Скопировать ссылку' }));
    expect(await navigator.clipboard.readText()).toBe(myReferral.link);
  });

  it('offers a retry when the link cannot be loaded', async () => {
    let fail = true;
    profileApi({
      'GET /api/referral': () =>
        fail ? { status: 500, body: { code: 'INTERNAL', message: 'Сбой' } } : { body: myReferral },
    });
    const { user } = renderApp('/profile/tariff/media-25/free-prolongation');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сбой');
    expect(screen.getByRole('button', { name: 'Ссылка' })).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ссылка' })).toBeEnabled());
  });
});

describe('/referral-program', () => {
  it('lists the five rules in order', async () => {
    profileApi();
    renderApp('/referral-program');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Реферальная программа' }),
    ).toBeInTheDocument();
    const rules = within(screen.getByRole('region', { name: 'Правила' })).getByRole('list');
    expect(rules.tagName).toBe('OL');
    const items = within(rules)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(5);
    expect(items[0]).toMatch(/уникальную реферальную ссылку и QR-код/);
    expect(items[1]).toMatch(/зарегистрируется по вашей ссылке и подключит платный тариф/);
    expect(items[2]).toMatch(/пригласивший.*приглашённый/);
    expect(items[3]).toMatch(/нельзя продавать или передавать/);
    expect(items[4]).toMatch(/ограничена по времени или по числу участников/);
  });

  it('shows the link with its QR code and copies it', async () => {
    profileApi();
    const { user } = renderApp('/referral-program');

    const mine = await screen.findByRole('region', { name: 'Ваша ссылка' });
    expect(mine).toHaveTextContent(myReferral.link);
    expect(within(mine).getByRole('img', { name: 'QR-код вашей реферальной ссылки' })).toHaveAttribute(
      'src',
      '/api/referral/qr.svg',
    );
    await user.click(within(mine).getByRole('button', { name: 'Скопировать ссылку' }));
    expect(await screen.findByText('Ссылка скопирована')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(myReferral.link);
  });

  it.each([
    [0, 0, '0 друзей', '0 друзей', ''],
    [1, 1, '1 друг', '1 друг', '+7 дней к тарифу'],
    [3, 2, '3 друга', '2 друга', '+14 дней к тарифу'],
    [5, 3, '5 друзей', '3 друга', '+21 день к тарифу'],
    [21, 11, '21 друг', '11 друзей', '+77 дней к тарифу'],
  ])('counts %i invited and %i rewarded in Russian', async (invited, rewarded, inv, rew, days) => {
    profileApi({ 'GET /api/referral': { body: { ...myReferral, invited, rewarded } } });
    renderApp('/referral-program');

    const stats = await screen.findByRole('region', { name: 'Ваши друзья' });
    expect(plain(stats.textContent)).toBe(`Приглашено${inv}Получили бонус${rew}${days}`);
  });
});
