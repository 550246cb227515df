// What /auth's address may carry besides the error: the path to return to after sign-in and a friend's referral
// code. A module of its own: the web validates /auth's search with these on every first load, where plain/auth.ts's
// texts would ride along.

/** The longest return path taken. */
export const MAX_RETURN_PATH = 500;

/**
 * A path inside the app: one slash and no second one or backslash after it (that would be another host), then
 * printable ASCII or anything beyond it; no spaces, no control characters.
 */
export const RETURN_PATH = /^\/(?![/\\])[\x21-\x7e\u00a0-\uffff]*$/;

/** A referral code (`/auth?ref=CODE`): 6 to 16 Latin letters and digits. */
export const REFERRAL_CODE = /^[a-z0-9]{6,16}$/i;
export const MAX_REFERRAL_CODE = 16;
