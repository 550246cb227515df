import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileApi, SUPPORT_URL } from './profile-fixtures';
import { renderApp } from './render-app';

describe('/faq', () => {
  it('has five questions about AdDesk, one answer open at a time', async () => {
    profileApi();
    const { user } = renderApp('/faq');

    expect(await screen.findByRole('heading', { level: 1, name: 'Поддержка' })).toBeInTheDocument();
    const questions = screen.getAllByRole('heading', { level: 3 }).map((h) => within(h).getByRole('button'));
    expect(questions.map((q) => q.textContent)).toEqual([
      'Как добавить канал?',
      'Чем продажи отличаются от закупок?',
      'Как работать с командой?',
      'Какие есть тарифы и сколько каналов можно вести?',
      'Насколько надёжно хранятся мои данные?',
    ]);
    for (const question of questions) expect(question).toHaveAttribute('aria-expanded', 'false');

    const [channels, deals, , tariffs] = questions;
    if (!channels || !deals || !tariffs) throw new Error('questions missing');
    await user.click(channels);
    expect(channels).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/t\.me\/channel_name или @channel_name/)).toBeVisible();

    await user.click(tariffs);
    expect(tariffs).toHaveAttribute('aria-expanded', 'true');
    expect(channels).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/БАЗА 3 — до 3 каналов, СЕТКА 10 — до 10, МЕДИА 25 — до 25/)).toBeVisible();

    await user.click(tariffs);
    expect(tariffs).toHaveAttribute('aria-expanded', 'false');
  });

  it("opens the support chat in a new tab from 'Не нашли ответа?'", async () => {
    profileApi();
    renderApp('/faq');

    const more = await screen.findByRole('region', { name: 'Не нашли ответа?' });
    const contact = await within(more).findByRole('link', { name: /Связаться с поддержкой/ });
    expect(contact).toHaveAttribute('href', SUPPORT_URL);
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact).toHaveAttribute('rel', expect.stringContaining('noreferrer'));
  });
});
