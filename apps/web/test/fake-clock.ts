import { act } from '@testing-library/react';
import { vi } from 'vitest';

// A debounce waited for on a clock moved by hand instead of the wall clock (channel.test.tsx's polling does the same).
// The faked timers still tick on their own with the wall clock, TICK_MS at a time: Testing Library ends every wait
// and every user-event call on a setTimeout(0) of its own (it moves only Jest's fake timers itself), which would
// otherwise never fire; the shorter the tick, the less each of those calls waits for it (20 ms, Vitest's default,
// made the long flows of add-employee.test.tsx slower than on real timers). The files of a worker share one window
// (vitest.config.ts): a test that fakes the timers undoes it with vi.useRealTimers() in a finally or an afterEach.

const TICK_MS = 5;

/** Fakes the timers, and Date too with `date` (for a file that has set the date already: it keeps it). */
export function useFakeClock({ date = false } = {}) {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      ...(date ? (['Date'] as const) : []),
    ],
    shouldAdvanceTime: true,
    advanceTimeDelta: TICK_MS,
  });
}

/** renderApp's user-event options on the fake clock: its pauses between keys pass at once. */
export const userOnFakeClock = {
  advanceTimers: async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
  },
};

/** The fake clock's time. */
export function clockNow() {
  const now = vi.getMockedSystemTime();
  if (!now) throw new Error('the timers are not faked');
  return now.getTime();
}

/** Moves the fake clock on by `ms` inside act(): what falls due (a debounce, a query's answer) has rendered after it. */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** When `field` last changed, on the fake clock: the moment a debounce of what was typed in it starts. */
export function lastInput(field: HTMLElement) {
  let at: number | undefined;
  field.addEventListener('input', () => {
    at = clockNow();
  });
  return () => {
    if (at === undefined) throw new Error('nothing was typed in the field');
    return at;
  };
}

/**
 * Stops the fake clock's own ticks and moves it by hand to `time` (which must still be ahead): a debounce can be
 * checked to the millisecond. `resumeClock()` lets it tick again, for the waits that follow.
 */
export async function holdClockAt(time: number) {
  vi.setTimerTickMode('manual');
  const ms = time - clockNow();
  if (ms < 0) throw new Error(`the clock has already passed that moment by ${-ms} ms`);
  await advance(ms);
}

export function resumeClock() {
  vi.setTimerTickMode('interval', TICK_MS);
}
