import type { AuthErrorCode } from '@addesk/contract';
import { loadContract } from '@/lib/api-client';

const UNKNOWN_ERROR = 'Не удалось войти. Попробуйте ещё раз';

/**
 * What the user reads when a sign-in came back to /auth with `?error=CODE`. The texts live in the contract, which
 * brings zod with it: only such a visit loads it, a plain /auth stays without.
 */
export async function authErrorText(code: string): Promise<string> {
  try {
    const { authErrorMessages } = await loadContract();
    return Object.hasOwn(authErrorMessages, code) ? authErrorMessages[code as AuthErrorCode] : UNKNOWN_ERROR;
  } catch {
    // The texts did not load (the connection dropped): the general one still tells what happened.
    return UNKNOWN_ERROR;
  }
}
