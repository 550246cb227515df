/**
 * Where /auth may send a user after sign-in: a path inside this app, never another host.
 * Same rule as `returnPath` in @addesk/contract (a test keeps them in step), written without zod so the
 * /auth route's search validation does not pull zod into the first-load chunk.
 */
const RETURN_PATH = /^\/(?![/\\])[^\s]*$/;
const MAX_RETURN_PATH = 500;

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
