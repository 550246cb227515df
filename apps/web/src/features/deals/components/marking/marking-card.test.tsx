import type { DealMarking } from '@addesk/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { noMarking, noPost } from '../../../../../test/deal-api';
import { type FakeHandler, installFakeApi, type RecordedRequest } from '../../../../../test/fake-api';
import { MarkingCard } from './marking-card';

const MARKER = 'Реклама. ООО «Ромашка», ИНН 7707083893. erid: 2SDnjcbsQ1a';
const ready: DealMarking = {
  ...noMarking,
  registeredBy: 'us',
  erid: '2SDnjcbsQ1a',
  advertiser: { type: 'juridical', name: 'ООО «Ромашка»', inn: '7707083893' },
  state: 'erid_received',
  marker: MARKER,
  links: ['https://romashka.ru/?erid=2SDnjcbsQ1a'],
};

const calls = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

function setup(
  kind: 'sale' | 'purchase',
  marking: DealMarking,
  options: { editable?: boolean; handlers?: Record<string, FakeHandler> } = {},
) {
  const api = installFakeApi({
    [`GET /api/${kind}/5/marking`]: { body: marking },
    ...options.handlers,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MarkingCard kind={kind} id={5} editable={options.editable ?? true} />
    </QueryClientProvider>,
  );
  return { ...api, user: userEvent.setup() };
}

const card = () => screen.findByRole('region', { name: 'Маркировка' });

describe('MarkingCard', () => {
  it('shows the state as a badge and what is missing', async () => {
    setup('sale', {
      ...noMarking,
      missing: ['Кто регистрирует рекламу', 'ИНН рекламодателя'],
    });
    const region = await card();
    expect(await within(region).findByText('Нет данных')).toBeInTheDocument();
    const list = within(region).getByRole('list', { name: 'Чего не хватает' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Кто регистрирует рекламу', 'ИНН рекламодателя']);
    expect(within(region).getByRole('button', { name: 'Заполнить' })).toBeInTheDocument();
    expect(within(region).queryByText('Текст для поста')).not.toBeInTheDocument();
  });

  it('copies the marker and each link; no list when nothing is missing', async () => {
    const { user } = setup('purchase', ready);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const region = await card();
    expect(await within(region).findByText('erid получен')).toBeInTheDocument();
    expect(within(region).queryByText('Чего не хватает')).not.toBeInTheDocument();
    expect(within(region).getByText(MARKER)).toBeInTheDocument();
    expect(within(region).queryByText('ЕРИР:')).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Скопировать' }));
    expect(writeText).toHaveBeenCalledWith(MARKER);
    expect(await within(region).findByRole('button', { name: 'Скопировано' })).toBeInTheDocument();
    await user.click(
      within(region).getByRole('button', { name: 'Скопировать https://romashka.ru/?erid=2SDnjcbsQ1a' }),
    );
    expect(writeText).toHaveBeenLastCalledWith('https://romashka.ru/?erid=2SDnjcbsQ1a');
    expect(within(region).getByRole('button', { name: 'Изменить' })).toBeInTheDocument();
  });

  it('checks the published post as last read until a text is pasted', async () => {
    const { user } = setup('sale', ready, {
      handlers: {
        'GET /api/sale/5/post': {
          body: { ...noPost, link: 'https://t.me/our/7', text: 'Реклама. ООО «Ромашка». Лучшие цветы' },
        },
      },
    });
    const region = await card();
    expect(await within(region).findByText('Опубликованный пост:')).toBeInTheDocument();
    const checks = within(region).getByRole('list', { name: 'Результат проверки' });
    expect(
      within(checks).getByText('Нет erid 2SDnjcbsQ1a в тексте (буквы различаются по регистру)'),
    ).toBeInTheDocument();
    expect(within(checks).getByText('Есть пометка «Реклама»')).toBeInTheDocument();
    await user.type(
      within(region).getByRole('textbox', { name: 'Текст поста для проверки' }),
      `Реклама erid: 2SDnjcbsQ1a`,
    );
    expect(within(region).queryByText('Опубликованный пост:')).not.toBeInTheDocument();
    expect(within(region).getByText('erid 2SDnjcbsQ1a есть в тексте')).toBeInTheDocument();
  });

  it("shows ЕРИР's verdict once the ОРД passed it on", async () => {
    setup('sale', { ...ready, erirStatus: 'отклонён: Неверный код ККТУ' });
    const region = await card();
    expect(await within(region).findByText('отклонён: Неверный код ККТУ')).toBeInTheDocument();
    expect(within(region).getByText(/ЕРИР/)).toBeInTheDocument();
  });

  it('offers no form to a person who may not change the deal', async () => {
    setup('sale', ready, { editable: false });
    const region = await card();
    await within(region).findByText('erid получен');
    expect(within(region).queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Заполнить' })).not.toBeInTheDocument();
    // The text's check is for everyone who sees the deal.
    expect(within(region).getByRole('textbox', { name: 'Текст поста для проверки' })).toBeInTheDocument();
  });

  it("saves a sale's marking registered by us with the whole body, empty fields left out", async () => {
    const saved: DealMarking = { ...noMarking, registeredBy: 'us', state: 'ready' };
    const { user, requests } = setup('sale', noMarking, {
      handlers: { 'PUT /api/sale/5/marking': { body: saved } },
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Заполнить' }));
    expect(within(region).getByRole('button', { name: 'Мы' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(region).getByRole('button', { name: 'ИП' }));
    await user.click(within(region).getByRole('button', { name: 'Юрлицо' }));
    await user.type(within(region).getByRole('textbox', { name: 'Название' }), 'ООО «Ромашка»');
    await user.type(within(region).getByRole('textbox', { name: 'ИНН' }), '7707083893');
    await user.type(within(region).getByRole('textbox', { name: 'Номер договора' }), 'Д-15');
    await user.selectOptions(
      within(region).getByRole('combobox', { name: 'Тип договора' }),
      'Оказание услуг',
    );
    await user.selectOptions(
      within(region).getByRole('combobox', { name: 'Предмет договора' }),
      'Распространение рекламы',
    );
    await user.type(within(region).getByRole('textbox', { name: 'Сумма договора' }), '12500');
    await user.click(within(region).getByRole('checkbox', { name: 'Сумма с НДС' }));
    expect(within(region).getByRole('combobox', { name: 'Форма креатива' })).toHaveValue('text_block');
    await user.type(
      within(region).getByRole('textbox', { name: 'Ссылки' }),
      'https://romashka.ru{Enter}{Enter}',
    );
    await user.type(within(region).getByRole('textbox', { name: 'Код ККТУ' }), '30.10.1');
    await user.click(within(region).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(calls(requests, 'PUT', '/api/sale/5/marking')).toHaveLength(1));
    expect(calls(requests, 'PUT', '/api/sale/5/marking')[0]?.body).toEqual({
      registeredBy: 'us',
      advertiser: { type: 'juridical', name: 'ООО «Ромашка»', inn: '7707083893' },
      contract: {
        number: 'Д-15',
        type: 'service',
        subject: 'distribution',
        amount: 12500,
        vatIncluded: true,
      },
      creative: { form: 'text_block', urls: ['https://romashka.ru'], kktu: '30.10.1' },
    });
    expect(await within(region).findByText('Готово к регистрации')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
  });

  it("asks a purchase's seller when we register it, and checks their ИНН too", async () => {
    const { user, requests } = setup('purchase', noMarking, {
      handlers: { 'PUT /api/purchase/5/marking': { body: { ...noMarking, registeredBy: 'us' } } },
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Заполнить' }));
    const seller = within(region).getByRole('group', { name: 'Продавец' });
    await user.click(within(seller).getByRole('button', { name: 'ИП' }));
    await user.type(within(seller).getByRole('textbox', { name: 'Название' }), 'ИП Петров');
    const inn = within(seller).getByRole('textbox', { name: 'ИНН' });
    await user.type(inn, '500100732258');
    await user.tab();
    expect(inn).toHaveAccessibleDescription('ИНН: неверная контрольная сумма');
    await user.clear(inn);
    await user.type(inn, '500100732259');
    await user.click(within(region).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls(requests, 'PUT', '/api/purchase/5/marking')).toHaveLength(1));
    expect(calls(requests, 'PUT', '/api/purchase/5/marking')[0]?.body).toMatchObject({
      registeredBy: 'us',
      seller: { type: 'ip', name: 'ИП Петров', inn: '500100732259' },
    });
    // The counterpart registering it needs no seller.
    await user.click(await within(region).findByRole('button', { name: 'Изменить' }));
    await user.click(within(region).getByRole('button', { name: 'Контрагент' }));
    expect(within(region).queryByRole('group', { name: 'Продавец' })).not.toBeInTheDocument();
  });

  it('refuses a wrong ИНН on blur and on saving, without a request', async () => {
    const { user, requests } = setup('sale', noMarking);
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Заполнить' }));
    const inn = within(region).getByRole('textbox', { name: 'ИНН' });
    await user.type(inn, '7707083894');
    await user.tab();
    expect(inn).toHaveAccessibleDescription('ИНН: неверная контрольная сумма');
    await user.click(within(region).getByRole('button', { name: 'Сохранить' }));
    expect(within(region).getByText('ИНН: неверная контрольная сумма')).toBeInTheDocument();
    expect(calls(requests, 'PUT', '/api/sale/5/marking')).toHaveLength(0);
  });

  it("shows the server's error under 'Код ККТУ'", async () => {
    const { user } = setup('purchase', noMarking, {
      handlers: {
        'PUT /api/purchase/5/marking': {
          status: 400,
          body: {
            code: 'VALIDATION_ERROR',
            message: 'Проверьте введённые данные',
            fieldErrors: { 'creative.kktu': ['ККТУ: код вида 30.10.1'] },
          },
        },
      },
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Заполнить' }));
    const kktu = within(region).getByRole('textbox', { name: 'Код ККТУ' });
    expect(kktu).toHaveAttribute('placeholder', '30.10.1');
    await user.type(kktu, '30.10.1');
    await user.click(within(region).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(kktu).toHaveAccessibleDescription('ККТУ: код вида 30.10.1'));
    expect(within(region).getByRole('button', { name: 'Сохранить' })).toBeInTheDocument();
  });

  it('asks only the reason when marking is not required', async () => {
    const { user, requests } = setup('sale', noMarking, {
      handlers: {
        'PUT /api/sale/5/marking': {
          body: { ...noMarking, registeredBy: 'not_required', state: 'not_required' },
        },
      },
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Заполнить' }));
    await user.click(within(region).getByRole('button', { name: 'Не требуется' }));
    expect(within(region).queryByRole('textbox', { name: 'ИНН' })).not.toBeInTheDocument();
    await user.type(within(region).getByRole('textbox', { name: 'Причина' }), 'Социальная реклама');
    await user.click(within(region).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls(requests, 'PUT', '/api/sale/5/marking')).toHaveLength(1));
    expect(calls(requests, 'PUT', '/api/sale/5/marking')[0]?.body).toEqual({
      registeredBy: 'not_required',
      reason: 'Социальная реклама',
    });
  });

  it('checks a pasted text: what is missing, and all ✓ for a full one', async () => {
    const { user } = setup('sale', ready);
    const region = await card();
    const field = await within(region).findByRole('textbox', { name: 'Текст поста для проверки' });
    await user.click(field);
    await user.paste('Лучшие цветы в городе https://romashka.ru');
    let list = within(region).getByRole('list', { name: 'Результат проверки' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Не выполнено: ✗ Нет пометки «Реклама»');
    expect(items.filter((item) => item.textContent?.startsWith('Выполнено'))).toHaveLength(0);

    await user.clear(field);
    await user.paste(`Лучшие цветы в городе https://romashka.ru/?erid=2SDnjcbsQ1a\n${MARKER}`);
    list = within(region).getByRole('list', { name: 'Результат проверки' });
    const full = within(list).getAllByRole('listitem');
    expect(full).toHaveLength(4);
    for (const item of full) expect(item.textContent).toMatch(/^Выполнено: ✓ /);
  });
});
