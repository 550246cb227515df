import { MAX_RETURN_PATH, RETURN_PATH } from '@addesk/contract/plain';

/**
 * Where /auth may send a user after sign-in: a path inside this app, never another host. The rule of the contract's
 * `returnPath` (its zod-free core), without zod: the /auth route's search validation is first-load code.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.length > MAX_RETURN_PATH || !RETURN_PATH.test(value)) return undefined;
  return value;
}

/** Where a signed-in user lands: the wanted in-app path, except /auth itself (that would loop). */
export function afterSignInPath(redirect: string | undefined): string {
  const safe = safeReturnPath(redirect);
  if (!safe || safe === '/' || /^\/auth(?:[/?#]|$)/.test(safe)) return '/dashboard';
  return safe;
}
