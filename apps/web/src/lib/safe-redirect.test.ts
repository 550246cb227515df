import { returnPath } from '@addesk/contract';
import { describe, expect, it } from 'vitest';
import { afterSignInPath, safeReturnPath } from './safe-redirect';

const samples = [
  '/dashboard',
  '/channels/5?tab=sales#top',
  '/',
  '//evil.example',
  '/\\evil.example',
  'https://evil.example/x',
  'dashboard',
  '/with space',
  '',
  `/${'a'.repeat(499)}`,
  `/${'a'.repeat(500)}`,
];

describe('safeReturnPath', () => {
  it.each(samples)('agrees with the contract returnPath for %j', (value) => {
    expect(safeReturnPath(value)).toBe(returnPath.parse(value));
  });

  it('drops non-strings', () => {
    expect(safeReturnPath(undefined)).toBeUndefined();
    expect(safeReturnPath(42)).toBeUndefined();
  });
});

describe('afterSignInPath', () => {
  it('goes to the wanted in-app path, else to /dashboard', () => {
    expect(afterSignInPath('/channels/5')).toBe('/channels/5');
    expect(afterSignInPath(undefined)).toBe('/dashboard');
    expect(afterSignInPath('//evil.example')).toBe('/dashboard');
    expect(afterSignInPath('/')).toBe('/dashboard');
    expect(afterSignInPath('/auth?redirect=/auth')).toBe('/dashboard');
    expect(afterSignInPath('/authors')).toBe('/authors');
  });
});
