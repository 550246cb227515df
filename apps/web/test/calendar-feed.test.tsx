import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allOn, profileApi } from './profile-fixtures';
import { renderApp } from './render-app';

const address = (n: number) => `http://localhost:3000/api/calendar/feed/1-2-secret${n}.ics`;

/** A server whose feed calls behave as the real ones: each POST makes a new address, DELETE turns the sync off. */
function feedServer(calendarSync = false) {
  let settings = { ...allOn, calendarSync };
  let made = 0;
  return profileApi({
    'GET /api/settings': () => ({ body: settings }),
    'POST /api/calendar/feed': () => {
      made += 1;
      settings = { ...settings, calendarSync: true };
      return { body: { url: address(made), webcalUrl: address(made).replace('http:', 'webcal:') } };
    },
    'DELETE /api/calendar/feed': () => {
      settings = { ...settings, calendarSync: false };
      return { status: 204 };
    },
  });
}

const calendarSwitch = () => screen.findByRole('switch', { name: 'Синхронизация с календарём' });

describe('/profile/settings/sync: the calendar feed', () => {
  it('turning the switch on shows the address once, with a QR code, a webcal link and instructions', async () => {
    const { requests } = feedServer();
    const { user } = renderApp('/profile/settings/sync');
    const toggle = await calendarSwitch();
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    expect(await screen.findByText(address(1))).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/calendar/feed',
    ]);
    const panel = screen.getByRole('region', { name: 'Ссылка на ваш календарь' });
    expect(within(panel).getByText(/Показываем её один раз/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Добавить в календарь' })).toHaveAttribute(
      'href',
      address(1).replace('http:', 'webcal:'),
    );
    expect(await within(panel).findByRole('img', { name: 'QR-код ссылки на календарь' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Google Календарь' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Яндекс Календарь' })).toBeInTheDocument();
  });

  it("'Новая ссылка' asks first, then shows the new address instead of the old one", async () => {
    const { requests } = feedServer();
    const { user } = renderApp('/profile/settings/sync');
    await user.click(await calendarSwitch());
    await screen.findByText(address(1));

    await user.click(screen.getByRole('button', { name: 'Новая ссылка' }));
    const sheet = await screen.findByRole('dialog', { name: 'Создать новую ссылку?' });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    await user.click(within(sheet).getByRole('button', { name: 'Да, новая ссылка' }));

    expect(await screen.findByText(address(2))).toBeInTheDocument();
    expect(screen.queryByText(address(1))).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('after a reload says the address was shown once and offers a new one; turning off revokes it', async () => {
    const { requests } = feedServer(true);
    const { user } = renderApp('/profile/settings/sync');
    const toggle = await calendarSwitch();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByText(/Ссылку мы показываем только один раз/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Новая ссылка' })).toBeInTheDocument();

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/calendar/feed']);
    expect(screen.queryByRole('button', { name: 'Новая ссылка' })).not.toBeInTheDocument();
  });
});
