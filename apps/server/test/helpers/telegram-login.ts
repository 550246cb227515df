import { createHash, createHmac } from 'node:crypto';

// Telegram's side of its two sign-ins, as a local fake: the login widget's fields and a Mini App's initData, signed
// with a bot's token as Telegram signs them (the server checks them in modules/auth/telegram-login.ts).

const checkString = (fields: Record<string, string>) =>
  Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n');

const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** The widget's redirect: the person's fields and auth_date, and their hash under the SHA-256 of the token. */
export function signedLogin(token: string, person: Record<string, string>, at = new Date()) {
  const fields = { ...person, auth_date: seconds(at) };
  const key = createHash('sha256').update(token).digest();
  return { ...fields, hash: createHmac('sha256', key).update(checkString(fields)).digest('hex') };
}

/** A Mini App's launch data: the user as JSON, auth_date, and the hash under the key derived from "WebAppData". */
export function signedInitData(
  token: string,
  user: Record<string, unknown>,
  at = new Date(),
  extra: Record<string, string> = {},
) {
  const fields: Record<string, string> = {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(user),
    auth_date: seconds(at),
    ...extra,
  };
  const key = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', key).update(checkString(fields)).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}
