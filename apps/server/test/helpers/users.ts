import type { FastifyInstance } from 'fastify';
import { signIn, startSession } from '../../src/modules/auth/auth.service.js';

/**
 * A user who signed in through a provider (not the demo: no sample data, no trial), as the callback would create
 * them; `ref` is a friend's referral code. Returns the session cookie and the member's ids.
 */
export async function signInWith(app: FastifyInstance, subject: string, options: { ref?: string } = {}) {
  const member = await signIn(
    app.db,
    { provider: 'google', subject },
    { firstName: 'Тест', secondName: subject, iconLink: null },
    options,
  );
  const cookie = `addesk_session=${await startSession(app.db, member)}`;
  return { member, cookie, headers: { cookie } };
}
