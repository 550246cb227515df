import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportButton } from './export-button';

/** A streamed answer whose chunks the test sends when it wants, as a server's export arrives. */
function streamedAnswer(headers: Record<string, string>) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers }),
    send: (bytes: number) => controller?.enqueue(new Uint8Array(bytes)),
    end: () => controller?.close(),
    fail: () => controller?.error(new TypeError('network error')),
  };
}

describe('ExportButton', () => {
  let saved: { name: string; blob: Blob }[];

  beforeEach(() => {
    saved = [];
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((object: Blob) => {
      blob = object;
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (blob) saved.push({ name: this.download, blob });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the format, shows the bytes as they arrive and saves the file under its Russian name', async () => {
    const answer = streamedAnswer({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="prodazhi-2026-11-24.csv"; filename*=UTF-8''${encodeURIComponent('Продажи-2026-11-24.csv')}`,
    });
    const fetchMock = vi.fn(async () => answer.response);
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(
      <ExportButton
        path="/sale/export"
        query={{ paymentState: 'OVERDUE', q: 'ёлка', channelId: undefined }}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Скачать' }));
    await user.click(await screen.findByRole('button', { name: /^CSV/ }, { timeout: 5000 }));
    expect(await screen.findByText('Готовим файл…')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/sale/export?paymentState=OVERDUE&q=%D1%91%D0%BB%D0%BA%D0%B0&format=csv',
      expect.objectContaining({ credentials: 'include' }),
    );

    answer.send(600 * 1024);
    expect(await screen.findByText('Скачано 600 КБ')).toBeInTheDocument();
    answer.send(1024 * 1024);
    expect(await screen.findByText('Скачано 1,6 МБ')).toBeInTheDocument();
    answer.end();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('Продажи-2026-11-24.csv');
    expect(saved[0]?.blob.size).toBe(1624 * 1024);
    await waitFor(() => expect(screen.queryByText(/Скачано/)).not.toBeInTheDocument());
  });

  // The second: the team already has two files on their way (the server's limit of exports at once).
  it.each([
    [404, 'NOT_FOUND', 'Канал не найден'],
    [429, 'RATE_LIMITED', 'Команда уже готовит 2 файла. Дождитесь их и попробуйте ещё раз'],
  ])(
    "shows the server's Russian message when it refuses (%i), and lets the user try again",
    async (status, code, message) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async () =>
            new Response(JSON.stringify({ code, message }), {
              status,
              headers: { 'Content-Type': 'application/json' },
            }),
        ),
      );
      const user = userEvent.setup();
      render(
        <ExportButton
          path="/finance/export"
          query={{ from: '2026-01-01', to: '2026-01-31', channelId: 9 }}
        />,
      );
      await user.click(screen.getByRole('button', { name: 'Скачать' }));
      await user.click(await screen.findByRole('button', { name: /^Excel/ }, { timeout: 5000 }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('button', { name: /^CSV/ })).toBeEnabled();
      expect(saved).toEqual([]);
    },
  );

  it('says the connection broke when the stream fails half-way, and saves nothing', async () => {
    const answer = streamedAnswer({ 'Content-Type': 'text/csv; charset=utf-8' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer.response),
    );
    const user = userEvent.setup();
    render(<ExportButton path="/purchase/export" query={{}} />);
    await user.click(screen.getByRole('button', { name: 'Скачать' }));
    await user.click(await screen.findByRole('button', { name: /^CSV/ }, { timeout: 5000 }));
    answer.send(2048);
    expect(await screen.findByText('Скачано 2 КБ')).toBeInTheDocument();
    answer.fail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Связь прервалась, файл не скачан');
    expect(saved).toEqual([]);
  });
});
