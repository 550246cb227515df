import type { DealMarking } from '@addesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dealApi, dealFixture, noMarking, oleg, salesManager } from './deal-api';
import { renderApp } from './render-app';

// 'Маркировка' on a deal's screen (issue 35): everyone who sees the deal sees where the marking stands; only whoever
// may change the deal fills it.

vi.setConfig({ testTimeout: 20_000 });

const missing = { ...noMarking, missing: ['Кто регистрирует рекламу'] };

describe("the deal's screen", () => {
  it.each(['sale', 'purchase'] as const)(
    "shows the 'Маркировка' card with 'Заполнить' on a %s",
    async (kind) => {
      dealApi(kind, {
        [`GET /api/${kind}/5/payments`]: { body: [] },
        [`GET /api/${kind}/5/marking`]: { body: missing },
      });
      renderApp(`/${kind}/5`);
      const card = await screen.findByRole('region', { name: 'Маркировка' });
      expect(await within(card).findByText('Нет данных')).toBeInTheDocument();
      expect(within(card).getByText('Кто регистрирует рекламу')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Заполнить' })).toBeInTheDocument();
    },
  );

  it("shows a colleague's sale's marking without the form", async () => {
    const byOleg = { id: oleg.id, firstName: oleg.firstName, secondName: oleg.secondName, iconLink: null };
    dealApi('sale', {
      'GET /api/employee': { body: salesManager },
      'GET /api/sale/5': { body: dealFixture('sale', { soldByEmployeeInfo: byOleg }) },
      'GET /api/sale/5/payments': { body: [] },
      'GET /api/sale/5/marking': { body: missing },
    });
    renderApp('/sale/5');
    const card = await screen.findByRole('region', { name: 'Маркировка' });
    expect(await within(card).findByText('Кто регистрирует рекламу')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Заполнить' })).not.toBeInTheDocument();
  });
});

// Registering the deal with the team's ОРД from the card (issue 35): when we register the ad.

const ready: DealMarking = {
  ...noMarking,
  registeredBy: 'us',
  advertiser: { type: 'juridical', name: 'ООО «Ромашка»', inn: '7707083893' },
  state: 'ready',
};
const ERID = 'Kra23f4gH';
const registered: DealMarking = {
  ...ready,
  erid: ERID,
  state: 'erid_received',
  marker: `Реклама. ООО «Ромашка», ИНН 7707083893. erid: ${ERID}`,
  registration: { status: 'done', message: null },
};
const queued = { registration: { status: 'queued', message: null } } as const;
const NO_KEY = 'Сначала добавьте ключ API ОРД в настройках';
const noKey = { status: 400, body: { code: 'VALIDATION_ERROR', message: NO_KEY } };

const markingCard = () => screen.findByRole('region', { name: 'Маркировка' });
const registerButton = async () =>
  within(await markingCard()).findByRole('button', { name: 'Зарегистрировать в ОРД' });

describe("the 'Маркировка' card: 'Зарегистрировать в ОРД'", () => {
  it('is disabled while the marking is not ready, and the card says what is missing', async () => {
    const { requests } = dealApi('sale', {
      'GET /api/sale/5/payments': { body: [] },
      'GET /api/sale/5/marking': {
        body: { ...ready, state: 'no_data', missing: ['ИНН рекламодателя'] } satisfies DealMarking,
      },
    });
    const { user } = renderApp('/sale/5');
    const button = await registerButton();
    expect(button).toBeDisabled();
    expect(within(await markingCard()).getByText('ИНН рекламодателя')).toBeInTheDocument();
    await user.click(button);
    expect(requests.some((r) => r.path.endsWith('/marking/register'))).toBe(false);
  });

  it('is not offered when the counterpart registers the ad', async () => {
    dealApi('sale', {
      'GET /api/sale/5/payments': { body: [] },
      'GET /api/sale/5/marking': { body: { ...ready, registeredBy: 'counterpart', state: 'no_data' } },
    });
    renderApp('/sale/5');
    const card = await markingCard();
    expect(await within(card).findByRole('button', { name: 'Изменить' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Зарегистрировать в ОРД' })).not.toBeInTheDocument();
  });

  it.each(['sale', 'purchase'] as const)(
    'on a %s: POSTs, shows the queue, polls the marking every 2 s until the erid comes, then stops',
    async (kind) => {
      let answer: DealMarking = ready;
      const { requests } = dealApi(kind, {
        [`GET /api/${kind}/5/payments`]: { body: [] },
        [`GET /api/${kind}/5/marking`]: () => ({ body: answer }),
        [`POST /api/${kind}/5/marking/register`]: () => {
          answer = { ...ready, registration: queued.registration };
          return { status: 202, body: queued };
        },
      });
      const { user } = renderApp(`/${kind}/5`);
      const button = await registerButton();
      expect(button).toBeEnabled();
      await user.click(button);

      const card = await markingCard();
      expect(await within(card).findByText('Регистрация в ОРД: в очереди…')).toBeInTheDocument();
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      expect(requests.find((r) => r.method === 'POST')?.path).toBe(`/api/${kind}/5/marking/register`);
      const reads = () => requests.filter((r) => r.path === `/api/${kind}/5/marking`).length;
      const before = reads();

      // The ОРД answers: the next poll brings the erid and the marker.
      answer = registered;
      expect(
        await within(card).findByText(registered.marker ?? '', {}, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect(reads()).toBeGreaterThan(before);
      expect(within(card).queryByText('Регистрация в ОРД: в очереди…')).not.toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Зарегистрировать в ОРД' })).not.toBeInTheDocument();
      expect(within(card).getByText('erid получен')).toBeInTheDocument();

      // Done: no more polling.
      const after = reads();
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(reads()).toBe(after);
    },
  );

  it("shows the ОРД's refusal with 'Повторить', which registers again", async () => {
    let answer: DealMarking = { ...ready, registration: { status: 'failed', message: 'Неверный ключ API' } };
    const { requests } = dealApi('purchase', {
      'GET /api/purchase/5/payments': { body: [] },
      'GET /api/purchase/5/marking': () => ({ body: answer }),
      'POST /api/purchase/5/marking/register': () => {
        answer = { ...ready, registration: queued.registration };
        return { status: 202, body: queued };
      },
    });
    const { user } = renderApp('/purchase/5');
    const card = await markingCard();
    expect(await within(card).findByText('Ошибка ОРД: Неверный ключ API')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Зарегистрировать в ОРД' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Повторить' }));
    expect(await within(card).findByText('Регистрация в ОРД: в очереди…')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(within(card).queryByText(/Ошибка ОРД/)).not.toBeInTheDocument();
  });

  it("says why a queued registration waits, and the owner gets 'Настройки ОРД' when the ОРД refused the key", async () => {
    const refused = 'ОРД не принял ключ API — проверьте его в настройках';
    let answer: DealMarking = {
      ...ready,
      registration: { status: 'queued', message: 'ОРД не отвечает, попробуем ещё раз' },
    };
    dealApi('sale', {
      'GET /api/sale/5/payments': { body: [] },
      'GET /api/sale/5/marking': () => ({ body: answer }),
    });
    renderApp('/sale/5');
    const card = await markingCard();
    const status = (await within(card).findByText('Регистрация в ОРД: в очереди…')).closest(
      '[role="status"]',
    );
    expect(status).toHaveTextContent('ОРД не отвечает, попробуем ещё раз');

    answer = { ...ready, registration: { status: 'failed', message: refused } };
    expect(
      await within(card).findByText(`Ошибка ОРД: ${refused}`, {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Настройки ОРД' })).toHaveAttribute(
      'href',
      '/profile/settings/ord',
    );
  });

  it("the owner gets 'Настройки ОРД' with the server's 'no key' message", async () => {
    dealApi('sale', {
      'GET /api/sale/5/payments': { body: [] },
      'GET /api/sale/5/marking': { body: ready },
      'POST /api/sale/5/marking/register': noKey,
    });
    const { user } = renderApp('/sale/5');
    await user.click(await registerButton());
    const card = await markingCard();
    expect(await within(card).findByText(NO_KEY)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Настройки ОРД' })).toHaveAttribute(
      'href',
      '/profile/settings/ord',
    );
  });

  it("someone who is not the owner sees the 'no key' message without the link", async () => {
    dealApi('sale', {
      'GET /api/employee': { body: salesManager },
      'GET /api/sale/5/payments': { body: [] },
      'GET /api/sale/5/marking': { body: ready },
      'POST /api/sale/5/marking/register': noKey,
    });
    const { user } = renderApp('/sale/5');
    await user.click(await registerButton());
    const card = await markingCard();
    expect(await within(card).findByText(NO_KEY)).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Настройки ОРД' })).not.toBeInTheDocument();
  });

  it("a colleague's deal shows where the registration stands, without the button", async () => {
    const byOleg = { id: oleg.id, firstName: oleg.firstName, secondName: oleg.secondName, iconLink: null };
    dealApi('sale', {
      'GET /api/employee': { body: salesManager },
      'GET /api/sale/5': { body: dealFixture('sale', { soldByEmployeeInfo: byOleg }) },
      'GET /api/sale/5/payments': { body: [] },
      'GET /api/sale/5/marking': {
        body: { ...ready, registration: { status: 'failed', message: 'ОРД не отвечает' } },
      },
    });
    renderApp('/sale/5');
    const card = await markingCard();
    expect(await within(card).findByText('Ошибка ОРД: ОРД не отвечает')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Зарегистрировать в ОРД' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();
  });
});
