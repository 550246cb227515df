import type { PublicReport } from '@addesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from './fake-api';
import { renderApp } from './render-app';

// /r/{token} (issue 36): a placement's report for the other side, without a session and without the app's shell.

vi.setConfig({ testTimeout: 20_000 });

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const report: PublicReport = {
  kind: 'sale',
  channel: { name: 'Финансы для всех', username: 'finance_for_all' },
  placementAt: '2026-03-05T11:30:00Z',
  link: 'https://t.me/finance_for_all/123',
  publishedAt: '2026-03-05T11:30:00Z',
  views: [
    { at: '2026-03-05T12:30:00Z', views: 1200 },
    { at: '2026-03-07T11:30:00Z', views: 12300 },
  ],
  views24h: 8000,
  views48h: 12300,
  topHours: 2,
  topUntil: '2026-03-05T13:30:00Z',
  topKept: true,
  displacedAt: null,
  feedUntil: '2026-03-07T11:30:00Z',
  feedKept: false,
  deletedAt: '2026-03-06T07:00:00Z',
  editedAt: null,
  checkedAt: '2026-03-07T11:30:00Z',
};

const normal = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');
/** The mark a device outside Moscow adds to the team's times (lib/format), as `normal` writes it. */
const mark = new Date('2026-03-05T11:30:00Z').getTimezoneOffset() === -180 ? '' : ' МСК';

describe('/r/$token', () => {
  it('shows the channel, the post, its views, chart and terms, with no call but the report', async () => {
    const { requests } = installFakeApi({ [`GET /api/report/${TOKEN}`]: { body: report } });
    renderApp(`/r/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Отчёт о размещении', level: 1 })).toBeInTheDocument();
    const channel = await screen.findByRole('heading', { name: 'Финансы для всех' });
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('@finance_for_all');
    expect(within(main).getByRole('link', { name: report.link ?? '' })).toHaveAttribute('target', '_blank');
    expect(main).toHaveTextContent('Опубликован 05.03.2026 14:30');
    const figure = (term: string) =>
      normal(within(main).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent);
    expect(figure('Просмотры')).toBe('12 300');
    expect(figure('за 24 ч')).toBe('8 000');
    expect(figure('за 48 ч')).toBe('12 300');
    expect(within(main).getByRole('img', { name: /^Просмотры по времени/ })).toBeInTheDocument();
    expect(
      within(main)
        .getAllByRole('listitem')
        .map((item) => normal(item.textContent)),
    ).toEqual(['В топе 2 ч — выполнено', `Удалён раньше срока: 06.03 10:00${mark}`]);
    expect(main).toHaveTextContent('Проверено 07.03 14:30');
    // Nothing of the team: no CPM, no price, no shell's calls.
    expect(main).not.toHaveTextContent('CPM');
    expect(channel).toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /api/report/${TOKEN}`,
    ]);
    expect(document.title).toBe('Отчёт о размещении');
  });

  it('says a revoked or unknown link is not valid', async () => {
    installFakeApi({});
    renderApp(`/r/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ссылка на отчёт недействительна или отозвана',
    );
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
  });
});
