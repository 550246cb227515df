import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toIsoDay } from '@/features/deals/components/form/date-parts';
import { repeatedDealValues } from '@/features/deals/components/form/deal-form-values';
import { formatDay } from '@/lib/format';
import { dealApi, dealFixture, names } from './deal-api';
import { renderApp } from './render-app';

// 'Повторить' (issue 33): a new deal of the same kind on a deal's terms, through /sale/new?from={id}.

vi.setConfig({ testTimeout: 20_000 });

const todayIso = formatDay(new Date());

describe.each(['sale', 'purchase'] as const)('repeating a %s', (kind) => {
  it('keeps the terms and drops the dates, the status and the due date', () => {
    const deal = dealFixture(kind, { paymentDueDate: '2025-03-10' }) as Parameters<
      typeof repeatedDealValues
    >[1];
    const today = { day: 9, month: 4, year: 2026 };
    const values = repeatedDealValues(kind, deal, { managerId: 12, today });
    expect(values).toMatchObject({
      channelId: 1,
      adFormatId: 1,
      adTypeId: kind === 'sale' ? 2 : null,
      cost: '12500',
      durationType: 'DAYS',
      duration: '2',
      hoursInTop: '3',
      placementTime: { hours: 14, minutes: 30 },
      managerId: 12,
      statusId: null,
      paymentDueDate: null,
    });
    expect([toIsoDay(values.date), toIsoDay(values.placementDate)]).toEqual(['2026-04-09', '2026-04-09']);
    expect(values.channelContact?.name).toBe('Маркетинг без воды');
    expect(values.adminContact?.name).toBe('Ирина Волкова');
  });

  it("opens from the deal's screen filled in and records a new deal dated today in the first status", async () => {
    const { requests } = dealApi(kind, { [`GET /api/${kind}/5/payments`]: { body: [] } });
    const { user, router } = renderApp(`/${kind}/5`);

    const repeat = await screen.findByRole('link', { name: 'Повторить' });
    expect(repeat).toHaveAttribute('href', `/${kind}/new?from=5`);
    await user.click(repeat);
    await waitFor(() => expect(router.state.location.search).toEqual({ from: 5 }));
    const submit = await screen.findByRole('button', {
      name: kind === 'sale' ? 'Создать продажу' : 'Создать закупку',
    });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.getByRole('textbox', { name: 'Стоимость' })).toHaveValue('12500');
    await user.click(submit);
    await screen.findByRole('heading', { name: kind === 'sale' ? 'Продажа добавлена' : 'Закупка добавлена' });

    const body = requests.find((r) => r.method === 'POST' && r.path === `/api/${kind}`)?.body;
    expect(body).toMatchObject({
      channelId: 1,
      advertisementFormatId: 1,
      price: 12500,
      accommodationCondition: {
        accommodationTime: `${todayIso}T14:30:00+03:00`,
        durationType: 'DAYS',
        duration: 2,
        hoursInTop: 3,
      },
      [names[kind].date]: todayIso,
      [names[kind].external]: { id: 4 },
      contactPerson: { id: 9 },
      ...(kind === 'sale' ? { advertisementTypeId: 2, statusId: 1 } : { statusId: 11 }),
    });
    expect(body).not.toHaveProperty('paymentDueDate');
  });

  it('leaves the form empty, saying why, when the deal to repeat is gone', async () => {
    dealApi(kind, {
      [`GET /api/${kind}/8`]: { status: 404, body: { code: 'NOT_FOUND', message: 'Сделка не найдена' } },
    });
    renderApp(`/${kind}/new?from=8`);
    expect(await screen.findByText('Сделка не найдена')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Стоимость' })).toHaveValue('0');
  });
});
