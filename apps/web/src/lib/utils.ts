import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names (clsx). No tailwind-merge (8.5 KB gzipped on every first load, decision 009's sixth round): a
 * caller never passes a class of a property the component already sets (Tailwind orders two of them by its own order,
 * not by the class attribute's); a component takes a variant or a prop instead. The tests' `cn` finds such pairs
 * (test/checked-cn.ts).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
