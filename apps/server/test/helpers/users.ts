import type { FastifyInstance } from 'fastify';
import { signIn } from '../../src/modules/auth/auth.service.js';
import { bindEmployee, createUser } from '../../src/modules/members/members.service.js';
import { resolveSession, startSession } from '../../src/modules/session/index.js';
import type { startFakeOAuthProvider } from './fake-oauth-provider.js';
import { cookieFrom } from './test-app.js';

const signedIn = (token: string) => {
  const cookie = `addesk_session=${token}`;
  return { cookie, headers: { cookie } };
};

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
  return { member, ...signedIn(await startSession(app.db, member)) };
}

/**
 * Signs in the way a browser does: `/api/auth/login?authBy=google` (with the link's `ref`), consent at the fake
 * Google the app is configured with, then the callback. Returns the session cookie and the member's ids.
 */
export async function signInThroughGoogle(
  app: FastifyInstance,
  google: Awaited<ReturnType<typeof startFakeOAuthProvider>>,
  subject: string,
  options: { ref?: string } = {},
) {
  google.signInAs({ sub: subject, given_name: 'Тест', family_name: subject });
  const query = new URLSearchParams({ authBy: 'google', ...options });
  const login = await app.inject({ url: `/api/auth/login?${query}` });
  const pending = cookieFrom(login.headers['set-cookie'], 'addesk_oauth');
  const consent = await fetch(String(login.headers.location), { redirect: 'manual' });
  const callback = new URL(String(consent.headers.get('location')));
  const response = await app.inject({
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: `addesk_oauth=${pending}` },
  });
  const token = cookieFrom(response.headers['set-cookie'], 'addesk_session');
  const session = token && (await resolveSession(app.db, token));
  if (!token || !session) throw new Error(`Google sign-in failed: ${response.headers.location}`);
  return { member: { teamId: session.teamId, employeeId: session.employeeId }, ...signedIn(token) };
}

/**
 * A session as one employee of a team, as if that person had accepted an invitation: a new person bound to the
 * employee. For tests of what a member who is not the owner may do.
 */
export async function sessionAs(app: FastifyInstance, teamId: number, employeeId: number) {
  const userId = await createUser(app.db);
  if (!(await bindEmployee(app.db, teamId, employeeId, userId))) throw new Error(`cannot bind ${employeeId}`);
  return signedIn(await startSession(app.db, { teamId, employeeId, userId }));
}
