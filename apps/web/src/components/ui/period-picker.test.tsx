import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PeriodPicker } from './period-picker';
import type { DayRange } from './period-picker-lib';

// Wednesday, 18 March 2026.
const today = '2026-03-18';

function Harness({ initial = {} as DayRange }) {
  const [range, setRange] = useState<DayRange>(initial);
  const [month, setMonth] = useState('2026-03-01');
  return (
    <>
      <PeriodPicker
        range={range}
        onRangeChange={setRange}
        month={month}
        onMonthChange={setMonth}
        today={today}
        dayMarks={(day) =>
          day === '2026-03-05' ? { content: <i data-testid="mark" />, label: 'Продажа: 2' } : undefined
        }
      />
      <output data-testid="range">{JSON.stringify(range)}</output>
    </>
  );
}

const setup = (initial?: DayRange) => {
  const user = userEvent.setup();
  render(<Harness initial={initial} />);
  return user;
};
const day = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const range = () => JSON.parse(screen.getByTestId('range').textContent ?? '{}');
const pressedDays = () =>
  screen
    .getAllByRole('button', { pressed: true })
    .map((button) => button.getAttribute('data-day'))
    .filter(Boolean);

describe('PeriodPicker', () => {
  it('shows the month Monday first under Пн..Вс, padded to full weeks, with a Russian heading', async () => {
    const user = setup();
    expect(screen.getByRole('heading', { name: 'Март 2026' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);

    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(within(row).getAllByRole('button')).toHaveLength(7);
    // 1 March 2026 is a Sunday: the first row runs from Monday 23 February.
    const first = within(rows[0] as HTMLElement).getAllByRole('button');
    expect(first[0]).toHaveAccessibleName('23 февраля 2026');
    expect(first[6]).toHaveAccessibleName('1 марта 2026');
    const last = within(rows[5] as HTMLElement).getAllByRole('button');
    expect(last[6]).toHaveAccessibleName('5 апреля 2026');

    await user.click(screen.getByRole('button', { name: 'Следующий месяц' }));
    expect(screen.getByRole('heading', { name: 'Апрель 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    await user.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    expect(screen.getByRole('heading', { name: 'Февраль 2026' })).toBeInTheDocument();
  });

  it('marks today and tells the day’s events to screen readers', () => {
    setup();
    expect(day('18 марта 2026')).toHaveAccessibleName('18 марта 2026, сегодня');
    expect(day('18 марта 2026')).toHaveAttribute('aria-current', 'date');
    expect(day('5 марта 2026')).toHaveAccessibleName('5 марта 2026, Продажа: 2');
    expect(within(day('5 марта 2026')).getByTestId('mark')).toBeInTheDocument();
  });

  it('starts a range on the first tap, ends it on the second, and starts anew on the third', async () => {
    const user = setup();
    await user.click(day('3 марта'));
    expect(range()).toEqual({ from: '2026-03-03' });
    expect(screen.getByText(/выберите последний день/)).toBeInTheDocument();

    await user.click(day('17 марта'));
    expect(range()).toEqual({ from: '2026-03-03', to: '2026-03-17' });
    expect(pressedDays()).toHaveLength(15);
    expect(screen.getByText('3 марта 2026 — 17 марта 2026')).toBeInTheDocument();

    await user.click(day('10 марта'));
    expect(range()).toEqual({ from: '2026-03-10' });
    expect(pressedDays()).toEqual(['2026-03-10']);
  });

  it('makes the earlier day the start when the second tap goes back', async () => {
    const user = setup();
    await user.click(day('17 марта'));
    await user.click(day('3 марта'));
    expect(range()).toEqual({ from: '2026-03-03', to: '2026-03-17' });
  });

  it("clears the range with '×'", async () => {
    const user = setup({ from: '2026-03-03', to: '2026-03-17' });
    await user.click(screen.getByRole('button', { name: 'Очистить период' }));
    expect(range()).toEqual({});
    expect(screen.getByText('За все время')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Очистить период' })).toBeDisabled();
  });

  it('offers the presets Вчера, Сегодня, Текущая неделя, Текущий месяц', async () => {
    const user = setup();
    const presets = within(screen.getByRole('list', { name: 'Быстрый выбор' })).getAllByRole('button');
    expect(presets.map((b) => b.textContent)).toEqual([
      'Вчера',
      'Сегодня',
      'Текущая неделя',
      'Текущий месяц',
    ]);

    await user.click(screen.getByRole('button', { name: 'Вчера' }));
    expect(range()).toEqual({ from: '2026-03-17', to: '2026-03-17' });
    expect(screen.getByRole('button', { name: 'Вчера' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Сегодня' }));
    expect(range()).toEqual({ from: today, to: today });
    await user.click(screen.getByRole('button', { name: 'Текущая неделя' }));
    expect(range()).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    await user.click(screen.getByRole('button', { name: 'Текущий месяц' }));
    expect(range()).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(screen.getByRole('button', { name: 'Текущий месяц' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Вчера' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("shows the preset's month when the calendar is elsewhere", async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    await user.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    expect(screen.getByRole('heading', { name: 'Январь 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Сегодня' }));
    expect(screen.getByRole('heading', { name: 'Март 2026' })).toBeInTheDocument();
  });
});
