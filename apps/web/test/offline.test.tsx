import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { channel, countedPage, demoUser, installFakeApi } from './fake-api';
import { summary } from './finance-api';
import { renderApp } from './render-app';

/** The dashboard's calls, with as many channels as `channels()` says at the time of each call. */
function dashboardApi(channels: () => number) {
  return installFakeApi({
    'GET /api/employee': { body: demoUser },
    'GET /api/channel': () => ({
      body: countedPage(
        Array.from({ length: channels() }, (_, index) => channel(index + 1, `Канал ${index + 1}`)),
      ),
    }),
    'GET /api/employee/7/subordinates': { body: countedPage([]) },
    'GET /api/finance/summary': { body: summary },
  });
}

/** A one-finger touch event at (x, y): jsdom has no Touch constructor, the listeners read clientX/clientY only. */
function touch(type: string, x: number, y: number) {
  const event = new Event(type, { bubbles: true });
  const point = { clientX: x, clientY: y };
  Object.defineProperty(event, 'touches', { value: type === 'touchend' ? [] : [point] });
  window.dispatchEvent(event);
}

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('offline', () => {
  it('shows the banner over the kept data offline, and fetches again by itself once back online', async () => {
    let channels = 2;
    const { requests } = dashboardApi(() => channels);
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Каналы: 2 канала' })).toBeInTheDocument();
    expect(screen.queryByText('Нет связи — показываем сохранённое')).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByText('Нет связи — показываем сохранённое').closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Каналы: 2 канала' })).toBeInTheDocument();

    channels = 3;
    const before = requests.filter((request) => request.path === '/api/channel').length;
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole('link', { name: 'Каналы: 3 канала' })).toBeInTheDocument();
    expect(screen.queryByText('Нет связи — показываем сохранённое')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/channel').length).toBe(before + 1);
  });
});

describe('pull to refresh', () => {
  it("pulled down on the dashboard says 'Потяните…', then 'Отпустите…', and a release fetches it again", async () => {
    let channels = 1;
    dashboardApi(() => channels);
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Каналы: 1 канал' })).toBeInTheDocument();

    channels = 4;
    act(() => {
      touch('touchstart', 100, 100);
      touch('touchmove', 100, 140);
    });
    expect(screen.getByText('Потяните, чтобы обновить')).toBeInTheDocument();
    act(() => touch('touchmove', 100, 320));
    expect(screen.getByText('Отпустите, чтобы обновить')).toBeInTheDocument();
    act(() => touch('touchend', 100, 320));
    expect(screen.getByText('Обновляем…')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Каналы: 4 канала' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Обновляем…')).not.toBeInTheDocument());
  });

  it('ignores a short pull, a sideways swipe, a pull under an open sheet and a pull on a screen that is not a list', async () => {
    let channels = 1;
    const { requests } = dashboardApi(() => channels);
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Каналы: 1 канал' })).toBeInTheDocument();
    const calls = () => requests.filter((request) => request.path === '/api/channel').length;
    const before = calls();

    act(() => {
      touch('touchstart', 100, 100);
      touch('touchmove', 100, 160);
      touch('touchend', 100, 160);
    });
    act(() => {
      touch('touchstart', 100, 100);
      touch('touchmove', 160, 105);
      touch('touchmove', 300, 400);
      touch('touchend', 300, 400);
    });
    expect(screen.queryByText(/чтобы обновить/)).not.toBeInTheDocument();
    expect(calls()).toBe(before);

    // A sheet or a picker is open: the pull is the sheet's, not the screen's.
    const sheet = document.createElement('div');
    sheet.setAttribute('role', 'dialog');
    document.body.append(sheet);
    act(() => {
      touch('touchstart', 100, 100);
      touch('touchmove', 100, 400);
    });
    expect(screen.queryByText(/чтобы обновить/)).not.toBeInTheDocument();
    act(() => touch('touchend', 100, 400));
    sheet.remove();
    expect(calls()).toBe(before);

    channels = 2;
    await act(() => router.navigate({ to: '/channels/create' }));
    act(() => {
      touch('touchstart', 100, 100);
      touch('touchmove', 100, 400);
    });
    expect(screen.queryByText(/чтобы обновить/)).not.toBeInTheDocument();
    act(() => touch('touchend', 100, 400));
    expect(calls()).toBe(before);
  });
});

describe('a dashboard card never loaded before going offline', () => {
  it("says 'Нет связи' instead of loading for ever, and loads once the connection is back", async () => {
    dashboardApi(() => 2);
    // Signed in on another screen; the dashboard opened for the first time offline.
    const { router } = renderApp('/faq');
    await screen.findByRole('heading', { level: 1 });
    act(() => onlineManager.setOnline(false));
    await act(() => router.navigate({ to: '/dashboard' }));
    expect(await screen.findByRole('link', { name: 'Каналы: нет связи' })).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole('link', { name: 'Каналы: 2 канала' })).toBeInTheDocument();
  });
});
