import { type AuthErrorCode, authErrorMessages } from '@addesk/contract/plain';

const UNKNOWN_ERROR = 'Не удалось войти. Попробуйте ещё раз';

/** What the user reads when a sign-in came back to /auth with `?error=CODE`. */
export function authErrorText(code: string): string {
  return Object.hasOwn(authErrorMessages, code) ? authErrorMessages[code as AuthErrorCode] : UNKNOWN_ERROR;
}
