import { afterEach, describe, expect, it } from 'vitest';
import { cn } from '@/lib/utils';
import { cnConflicts } from './checked-cn';

// The guard itself: `@/lib/utils` is the checked `cn` in tests, and it notices two classes of one property.
describe('cn in tests', () => {
  afterEach(() => {
    cnConflicts.length = 0;
  });

  it('joins without merging, and records a class that a later one of the same property would override', () => {
    expect(cn('min-h-11 px-4 text-base', 'min-h-12')).toBe('min-h-11 px-4 text-base min-h-12');
    expect(cnConflicts).toEqual([
      'cn("min-h-11 px-4 text-base min-h-12"): min-h-11 lose to a later class of the same property',
    ]);
  });

  it('records nothing for classes of different properties, false values or a repeated class', () => {
    expect(cn('flex p-4', false && 'hidden', undefined, 'flex-row items-center gap-3 pb-2', 'flex')).toBe(
      'flex p-4 flex-row items-center gap-3 pb-2 flex',
    );
    expect(cnConflicts).toEqual([]);
  });
});
