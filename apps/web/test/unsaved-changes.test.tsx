import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileApi } from './profile-fixtures';
import { renderApp } from './render-app';

// UnsavedChangesPrompt on /profile/edit: a link away from changes asks first; 'Остаться' keeps them, 'Выйти' makes
// the navigation that was asked for. (Back, a history pop, is covered against the browser in e2e/tests/back.spec.ts.)

const firstName = () => screen.findByRole('textbox', { name: 'Имя' });
const backArrow = () => screen.getByRole('link', { name: 'Назад' });
const question = () => screen.findByRole('dialog', { name: 'Выйти без сохранения?' });

describe('UnsavedChangesPrompt', () => {
  it('asks before a link leaves changes; Остаться keeps them, Выйти goes where the link leads', async () => {
    profileApi();
    const { user, router } = renderApp('/profile/edit');
    await user.type(await firstName(), 'на');

    await user.click(backArrow());
    const sheet = await question();
    expect(sheet).toHaveTextContent('Введённые данные пропадут.');
    await user.click(within(sheet).getByRole('button', { name: 'Остаться' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(await firstName()).toHaveValue('Аннана');

    await user.click(backArrow());
    await user.click(within(await question()).getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('lets a link go at once when nothing was changed, or the change was undone', async () => {
    profileApi();
    const { user, router } = renderApp('/profile/edit');
    await user.type(await firstName(), 'н');
    await user.type(await firstName(), '{Backspace}');

    await user.click(backArrow());
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
