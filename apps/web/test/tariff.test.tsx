import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser } from './fake-api';
import { conflict, noTariff, onSetka, onTrial, plain, profileApi, SUPPORT_URL } from './profile-fixtures';
import { renderApp } from './render-app';

describe('/profile/tariff', () => {
  it('shows БАЗА 3, СЕТКА 10 and МЕДИА 25 with their limits, terms and prices', async () => {
    profileApi();
    renderApp('/profile/tariff');

    const list = await screen.findByRole('list', { name: 'Тарифы' });
    const cards = within(list).getAllByRole('region');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'БАЗА 3',
      'СЕТКА 10',
      'МЕДИА 25',
    ]);
    const [baza, setka, media] = cards.map((card) => plain(card.textContent));
    expect(baza).toContain('До 3 каналов');
    expect(baza).toContain('Срок — 3 месяца');
    expect(baza).toContain('899 руб/мес');
    expect(baza).toContain('2 697 руб за 3 месяца');
    expect(setka).toContain('До 10 каналов');
    expect(setka).toContain('Срок — 6 месяцев');
    expect(setka).toContain('1 299 руб/мес');
    expect(media).toContain('До 25 каналов');
    expect(media).toContain('Срок — 12 месяцев');
    expect(media).toContain('1 999 руб/мес');
    expect(media).toContain('23 988 руб за 12 месяцев');
  });

  it("links 'Подробнее' to each tariff, 'Попробовать бесплатно' to the trial and opens support for 'Собрать свой тариф'", async () => {
    profileApi();
    renderApp('/profile/tariff');

    expect(await screen.findByRole('link', { name: 'Подробнее о тарифе БАЗА 3' })).toHaveAttribute(
      'href',
      '/profile/tariff/baza-3',
    );
    expect(screen.getByRole('link', { name: 'Подробнее о тарифе СЕТКА 10' })).toHaveAttribute(
      'href',
      '/profile/tariff/setka-10',
    );
    expect(screen.getByRole('link', { name: 'Подробнее о тарифе МЕДИА 25' })).toHaveAttribute(
      'href',
      '/profile/tariff/media-25',
    );
    expect(screen.getByRole('link', { name: 'Попробовать бесплатно' })).toHaveAttribute(
      'href',
      '/profile/tariff/trial',
    );
    const custom = await screen.findByRole('link', { name: /Собрать свой тариф/ });
    expect(custom).toHaveAttribute('href', SUPPORT_URL);
    expect(custom).toHaveAttribute('target', '_blank');
    expect(custom).toHaveAttribute('rel', expect.stringContaining('noreferrer'));
  });

  it('marks the tariff the user has', async () => {
    profileApi({ 'GET /api/tariff/current': { body: onSetka } });
    renderApp('/profile/tariff');
    const setka = await screen.findByRole('region', { name: 'СЕТКА 10' });
    expect(await within(setka).findByText('Текущий тариф')).toBeInTheDocument();
    expect(setka).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('region', { name: 'БАЗА 3' })).not.toHaveTextContent('Текущий тариф');
    expect(screen.getByRole('region', { name: 'БАЗА 3' })).not.toHaveAttribute('aria-current');
    // A paid tariff runs: the server refuses a trial, so none is offered.
    expect(screen.queryByRole('region', { name: 'Пробный период' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Попробовать бесплатно' })).not.toBeInTheDocument();
  });

  it('marks a running trial as the tariff now, and offers no trial to a team that has used it', async () => {
    const trial = {
      tariff: { id: 'trial', name: 'Пробный', channels: 10 },
      startsAt: '2025-06-01T00:00:00.000Z',
      endsAt: '2025-07-01T00:00:00.000Z',
      channelLimit: 10,
      channelsUsed: 2,
      trialAvailable: false,
    };
    profileApi({ 'GET /api/tariff/current': { body: trial } });
    const { unmount } = renderApp('/profile/tariff');
    const card = await screen.findByRole('region', { name: 'Пробный период' });
    expect(card).toHaveAttribute('aria-current', 'true');
    expect(card).toHaveTextContent('Текущий тариф');
    expect(card).toHaveTextContent('Действует до 01.07.2025 · до 10 каналов');
    expect(screen.queryByRole('link', { name: 'Попробовать бесплатно' })).not.toBeInTheDocument();
    unmount();

    profileApi({
      'GET /api/tariff/current': {
        body: { ...trial, tariff: null, startsAt: null, endsAt: null, channelLimit: 1 },
      },
    });
    renderApp('/profile/tariff');
    expect(await screen.findByRole('region', { name: 'БАЗА 3' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Пробный период' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Попробовать бесплатно' })).not.toBeInTheDocument();
  });

  it('offers a retry when the tariffs cannot be loaded', async () => {
    let fail = true;
    profileApi({
      'GET /api/tariff': () =>
        fail
          ? { status: 503 }
          : { body: [{ id: 'baza-3', name: 'БАЗА 3', channels: 3, months: 3, pricePerMonth: 899 }] },
    });
    const { user } = renderApp('/profile/tariff');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервис временно недоступен');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('region', { name: 'БАЗА 3' })).toBeInTheDocument();
  });
});

describe('/profile/tariff/{tariff}', () => {
  it('shows the terms and the three buttons of spec §2.12', async () => {
    profileApi();
    renderApp('/profile/tariff/media-25');

    expect(await screen.findByRole('heading', { level: 1, name: 'Тариф МЕДИА 25' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(plain(main.textContent)).toContain('до 25 каналов');
    expect(plain(main.textContent)).toContain('12 месяцев');
    expect(plain(main.textContent)).toContain('1 999 руб/мес');
    expect(main).toHaveTextContent('тариф подключает поддержка');

    const connect = await screen.findByRole('link', { name: /Подключить тариф/ });
    expect(connect).toHaveAttribute('href', SUPPORT_URL);
    expect(connect).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Продлить бесплатно' })).toHaveAttribute(
      'href',
      '/profile/tariff/media-25/free-prolongation',
    );
    expect(screen.getByRole('link', { name: 'Поменять тариф' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/profile/tariff');
  });

  it('says when it is the tariff the user has, and until when', async () => {
    profileApi({ 'GET /api/tariff/current': { body: onSetka } });
    renderApp('/profile/tariff/setka-10');
    expect(await screen.findByText('Текущий тариф')).toBeInTheDocument();
    expect(screen.getByText('Действует до 01.09.2025')).toBeInTheDocument();
  });

  it('keeps a button that asks again when the support address cannot be loaded', async () => {
    profileApi({ 'GET /api/support': { status: 503 } });
    renderApp('/profile/tariff/baza-3');
    const button = await screen.findByRole('button', { name: 'Подключить тариф' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByRole('link', { name: /Подключить тариф/ })).not.toBeInTheDocument();
  });

  it.each(['gold', 'trial2', 'BAZA-3'])(
    "shows 'Страница не найдена' for /profile/tariff/%s",
    async (slug) => {
      const { requests } = profileApi();
      renderApp(`/profile/tariff/${slug}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' }),
      ).toBeInTheDocument();
      expect(requests.map((r) => r.path)).not.toContain('/api/tariff');
    },
  );
});

describe('/profile/tariff/trial', () => {
  it('shows the pitch and starts the trial, then shows it on /profile', async () => {
    let current: object = noTariff;
    const { requests } = profileApi({
      'GET /api/tariff/current': () => ({ body: current }),
      'POST /api/tariff/trial': () => {
        current = { ...onTrial, channelsUsed: 1 };
        return { status: 201, body: current };
      },
    });
    const { user, router } = renderApp('/profile/tariff/trial');

    expect(
      await screen.findByText('Дарим новым пользователям 1 месяц безлимитного функционала (до 10 каналов)'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Попробовать бесплатно' }));

    const done = await screen.findByRole('heading', { name: 'Отлично! Тариф «Пробный» продлен' });
    expect(done).toHaveFocus();
    expect(plain(screen.getByRole('main').textContent)).toContain('Действует до 01.04.2025');
    expect(plain(screen.getByRole('main').textContent)).toContain('до 10 каналов');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/tariff/trial');
    expect(post?.body).toBeUndefined();

    await user.click(screen.getByRole('link', { name: 'Вернуться в профиль' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const block = await screen.findByRole('region', { name: 'Тариф' });
    expect(await within(block).findByText('Пробный')).toBeInTheDocument();
    expect(plain(block.textContent)).toContain('1 из 10 каналов');
  });

  it.each(['Пробный период уже был использован', 'У вас уже есть действующий тариф'])(
    "shows the server's refusal: %s",
    async (message) => {
      profileApi({ 'POST /api/tariff/trial': conflict(message) });
      const { user } = renderApp('/profile/tariff/trial');

      await user.click(await screen.findByRole('button', { name: 'Попробовать бесплатно' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(within(alert).getByRole('link', { name: 'Выбрать тариф' })).toHaveAttribute(
        'href',
        '/profile/tariff',
      );
      expect(screen.queryByRole('heading', { name: /Отлично/ })).not.toBeInTheDocument();
      // Asking again would only repeat the refusal.
      expect(screen.getByRole('button', { name: 'Попробовать бесплатно' })).toBeDisabled();
      // Only the screen's own message: no toast repeating it.
      expect(screen.getAllByText(message)).toHaveLength(1);
    },
  );

  // Issue 33: the button stayed on for a team whose trial was used, and a tap only brought the refusal.
  it.each([
    ['its trial runs', onTrial, 'Пробный период уже был использован'],
    ['its trial is over', { ...noTariff, trialAvailable: false }, 'Пробный период уже был использован'],
    ['a paid tariff runs', onSetka, 'У вас уже есть действующий тариф'],
  ])('offers no trial to a team when %s: the button is off and says why', async (_, current, message) => {
    const { requests } = profileApi({ 'GET /api/tariff/current': { body: current } });
    const { user } = renderApp('/profile/tariff/trial');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const button = screen.getByRole('button', { name: 'Попробовать бесплатно' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/tariff/trial')).toBe(false);
    expect(screen.getByRole('link', { name: 'Выбрать тариф' })).toHaveAttribute('href', '/profile/tariff');
  });

  it('leads back to the profile', async () => {
    profileApi({ 'GET /api/employee': { body: demoUser } });
    renderApp('/profile/tariff/trial');
    expect(await screen.findByRole('link', { name: 'Вернуться в профиль' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/profile/tariff');
  });
});
