/**
 * A friend's referral code from `/auth?ref=CODE`, or undefined when it cannot be one. Same rule as `referralCode`
 * in @addesk/contract (a test keeps them in step), written without zod: the /auth route is on the first-load path.
 */
const REFERRAL_CODE = /^[a-z0-9]{6,16}$/i;

export function referralCodeParam(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim();
  return REFERRAL_CODE.test(code) ? code : undefined;
}
