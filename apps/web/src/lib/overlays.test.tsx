import { createBrowserHistory, type RouterHistory } from '@tanstack/react-router';
import { render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installBackClosesOverlays, openOverlayCount, useBackCloses } from './overlays';

// The browser's history (jsdom's, with real popstate events): Back with overlays open closes them one at a time,
// top first, and the address stays; with none open it goes back.

let history: RouterHistory;
let uninstall: () => void;

beforeEach(() => {
  window.history.replaceState(null, '', '/sales');
  history = createBrowserHistory();
  uninstall = installBackClosesOverlays(history);
  history.push('/sale/new');
  history.flush();
});

afterEach(() => {
  uninstall();
  history.destroy();
});

function Overlay({ name, startOpen = true }: { name: string; startOpen?: boolean }) {
  const [open, setOpen] = useState(startOpen);
  useBackCloses(open, () => setOpen(false));
  return open ? <p>{name}</p> : null;
}

const back = async () => {
  window.history.back();
  // The pop, then the blocker's undoing pop.
  await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('Back with overlays open', () => {
  it('closes the overlay opened last, then the one under it, then leaves the screen', async () => {
    const view = render(
      <>
        <Overlay name="первый" />
        <Overlay name="второй" />
      </>,
    );
    expect(openOverlayCount()).toBe(2);

    await back();
    await waitFor(() => expect(view.queryByText('второй')).toBeNull());
    expect(view.getByText('первый')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sale/new');
    expect(history.location.pathname).toBe('/sale/new');

    await back();
    await waitFor(() => expect(view.queryByText('первый')).toBeNull());
    expect(window.location.pathname).toBe('/sale/new');
    expect(openOverlayCount()).toBe(0);

    await back();
    await waitFor(() => expect(window.location.pathname).toBe('/sales'));
    expect(history.location.pathname).toBe('/sales');
  });

  it('lets a push through with an overlay open (choosing something that navigates)', async () => {
    render(<Overlay name="лист" />);
    history.push('/sale/7');
    await waitFor(() => expect(history.location.pathname).toBe('/sale/7'));
    expect(openOverlayCount()).toBe(1);
  });

  it('forgets an overlay that closed or unmounted by itself', async () => {
    const view = render(<Overlay name="лист" />);
    expect(openOverlayCount()).toBe(1);
    view.unmount();
    expect(openOverlayCount()).toBe(0);
    await back();
    await waitFor(() => expect(window.location.pathname).toBe('/sales'));
  });
});
