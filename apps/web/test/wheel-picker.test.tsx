import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type WheelOption, WheelPicker } from '@/components/ui/wheel-picker';
import { clampDate, wrapTime } from '@/features/deals/components/form/date-parts';

const range = (min: number, max: number): WheelOption[] =>
  Array.from({ length: max - min + 1 }, (_, i) => ({
    value: min + i,
    label: String(min + i).padStart(2, '0'),
  }));

function Wheel({ initial, loop, options }: { initial: number; loop?: boolean; options: WheelOption[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <WheelPicker label="Колесо" options={options} value={value} onChange={setValue} loop={loop} />
      <output>{value}</output>
    </>
  );
}

async function press(keys: string) {
  const user = userEvent.setup();
  const listbox = screen.getByRole('listbox', { name: 'Колесо' });
  act(() => listbox.focus());
  await user.keyboard(keys);
}

const shown = () => Number(document.querySelector('output')?.textContent);

describe('WheelPicker', () => {
  it('is a listbox whose selected option is the value', () => {
    render(<Wheel initial={14} options={range(0, 23)} />);
    const listbox = screen.getByRole('listbox', { name: 'Колесо' });
    const option = within(listbox).getByRole('option', { name: '14' });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(listbox).toHaveAttribute('aria-activedescendant', option.id);
  });

  it('stops at the ends when it clamps (day, month, year)', async () => {
    render(<Wheel initial={30} options={range(1, 31)} />);
    await press('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(shown()).toBe(31);
    await press('{Home}{ArrowUp}');
    expect(shown()).toBe(1);
    await press('{PageDown}');
    expect(shown()).toBe(6);
    await press('{End}');
    expect(shown()).toBe(31);
  });

  it('goes round when it loops (hours modulo 24, minutes modulo 60)', async () => {
    render(<Wheel initial={23} loop options={range(0, 23)} />);
    await press('{ArrowDown}');
    expect(shown()).toBe(0);
    await press('{ArrowUp}{ArrowUp}');
    expect(shown()).toBe(22);
  });

  it('jumps to a typed number and picks a tapped option', async () => {
    const user = userEvent.setup();
    render(<Wheel initial={0} options={range(0, 59)} />);
    await press('45');
    expect(shown()).toBe(45);
    await user.click(screen.getByRole('option', { name: '47' }));
    expect(shown()).toBe(47);
  });
});

describe('date and time parts (spec §5)', () => {
  it('clamp the day to 1..31 and the month, the month to 1..12, the year to 1995..2055', () => {
    expect(clampDate({ day: 40, month: 13, year: 2100 })).toEqual({ day: 31, month: 12, year: 2055 });
    expect(clampDate({ day: 0, month: 0, year: 1970 })).toEqual({ day: 1, month: 1, year: 1995 });
    expect(clampDate({ day: 31, month: 2, year: 2025 })).toEqual({ day: 28, month: 2, year: 2025 });
    expect(clampDate({ day: 31, month: 4, year: 2025 })).toEqual({ day: 30, month: 4, year: 2025 });
  });

  it('wrap hours modulo 24 and minutes modulo 60', () => {
    expect(wrapTime({ hours: 24, minutes: 60 })).toEqual({ hours: 0, minutes: 0 });
    expect(wrapTime({ hours: -1, minutes: -1 })).toEqual({ hours: 23, minutes: 59 });
    expect(wrapTime({ hours: 49, minutes: 125 })).toEqual({ hours: 1, minutes: 5 });
  });
});
