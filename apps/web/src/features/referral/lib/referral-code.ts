import { REFERRAL_CODE } from '@addesk/contract/plain';

/**
 * A friend's referral code from `/auth?ref=CODE`, or undefined when it cannot be one: the rule of the contract's
 * `referralCode`, without zod (the /auth route is on the first-load path).
 */
export function referralCodeParam(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim();
  return REFERRAL_CODE.test(code) ? code : undefined;
}
