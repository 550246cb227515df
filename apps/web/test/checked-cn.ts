import type { ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { cn as join } from '../src/lib/utils';

/**
 * The tests' `cn` (vitest.config.ts points `@/lib/utils` here): the app's own join, and beside it tailwind-merge (a
 * dev dependency only) to find classes of one property joined together, such as a component's `h-11` and a caller's
 * `h-9`. Tailwind orders those by its own order, not by the class attribute's, so one of them silently loses; the app
 * has no tailwind-merge to resolve them (decision 009, sixth round). test/setup.ts fails the test that drew one.
 */
export const cnConflicts: string[] = [];

export function cn(...inputs: ClassValue[]): string {
  const joined = join(...inputs);
  const kept = new Set(twMerge(joined).split(' '));
  const lost = [...new Set(joined.split(/\s+/).filter(Boolean))].filter((name) => !kept.has(name));
  if (lost.length > 0)
    cnConflicts.push(`cn("${joined}"): ${lost.join(' ')} lose to a later class of the same property`);
  return joined;
}
