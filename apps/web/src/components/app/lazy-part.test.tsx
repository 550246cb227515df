import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LazyPartFailure, lazyPart, lazyPartTexts } from './lazy-part';

// A card whose code fails to come takes its own place with the reason and 'Повторить', never the screen around it;
// 'Повторить' imports it again (React keeps a lazy component's failure), and a failure offline retries by itself.

function Card({ name }: { name: string }) {
  return <p>Карточка {name}</p>;
}

function Failed({ message, retry }: LazyPartFailure) {
  return (
    <p>
      {message}{' '}
      <button type="button" onClick={retry}>
        Повторить
      </button>
    </p>
  );
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/card.js');

function screenWith(Part: ReturnType<typeof lazyPart<{ name: string }>>) {
  return render(
    <main>
      <h1>Сделка</h1>
      <Suspense fallback={null}>
        <Part name="оплаты" />
      </Suspense>
    </main>,
  );
}

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('lazyPart', () => {
  it("shows the failure in the part's place, the screen stays, and 'Повторить' imports the code again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValue(Card);
    screenWith(lazyPart(load, Failed));

    expect(await screen.findByText(lazyPartTexts.failed, { exact: false })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Сделка' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Карточка оплаты')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(lazyPartTexts.failed, { exact: false })).toBeNull();
  });

  it('says there is no connection while offline and loads by itself once it is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onlineManager.setOnline(false);
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValue(Card);
    screenWith(lazyPart(load, Failed));

    expect(await screen.findByText(lazyPartTexts.offline, { exact: false })).toBeVisible();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Карточка оплаты')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps failing the same way while the code still cannot come, and imports once per attempt', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValue(chunkError());
    screenWith(lazyPart(load, Failed));

    await screen.findByText(lazyPartTexts.failed, { exact: false });
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    // While the second attempt loads, Suspense hides the first failure; then the failure shows again.
    await vi.waitFor(() => expect(screen.getByText(lazyPartTexts.failed, { exact: false })).toBeVisible());
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'Сделка' })).toBeVisible();
  });
});
