import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Profiles = { google: Record<string, unknown>; yandex: Record<string, unknown> };

/**
 * A local OAuth 2.0 provider that speaks the real protocol: it issues one-time codes bound to the redirect URI and
 * the PKCE challenge, checks the client credentials and the verifier at the token endpoint, and serves a profile
 * in Google's or Yandex's shape. Tests point the server's provider settings at it; nothing reaches the internet.
 * `signInAs` switches the person who consents next, so one provider serves several users.
 */
export async function startFakeOAuthProvider(kind: keyof Profiles, initialProfile: Record<string, unknown>) {
  type Profile = Record<string, unknown>;
  const codes = new Map<
    string,
    { challenge: string; redirectUri: string; clientId: string; profile: Profile }
  >();
  const tokens = new Map<string, Profile>();
  let profile = initialProfile;
  const used = new Set<string>();
  let deny = false;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/authorize') {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      const state = url.searchParams.get('state') ?? '';
      if (deny) {
        redirect.searchParams.set('error', 'access_denied');
      } else {
        if (url.searchParams.get('code_challenge_method') !== 'S256')
          return send(400, { error: 'invalid_request' });
        const code = randomBytes(12).toString('hex');
        codes.set(code, {
          challenge: url.searchParams.get('code_challenge') ?? '',
          redirectUri: redirect.toString(),
          clientId: url.searchParams.get('client_id') ?? '',
          profile,
        });
        redirect.searchParams.set('code', code);
      }
      redirect.searchParams.set('state', state);
      res.writeHead(302, { location: redirect.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const basic = Buffer.from(
        (req.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString();
      const [clientId, secret] = basic.split(':').map(decodeURIComponent);
      const code = form.get('code') ?? '';
      const grant = codes.get(code);
      if (secret !== 'test-secret') return send(401, { error: 'invalid_client' });
      if (!grant || used.has(code)) return send(400, { error: 'invalid_grant' });
      used.add(code);
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        challenge !== grant.challenge ||
        clientId !== grant.clientId ||
        form.get('redirect_uri') !== grant.redirectUri
      ) {
        return send(400, { error: 'invalid_grant' });
      }
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant.profile);
      return send(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
    }
    if (url.pathname === '/userinfo') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const owner = tokens.get(token);
      if (!owner) return send(401, { error: 'invalid_token' });
      return send(200, owner);
    }
    send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const prefix = kind.toUpperCase();
  return {
    /** Settings that point the server's provider at this fake. */
    env: {
      [`${prefix}_CLIENT_ID`]: 'test-client',
      [`${prefix}_CLIENT_SECRET`]: 'test-secret',
      [`${prefix}_AUTH_URL`]: `${base}/authorize`,
      [`${prefix}_TOKEN_URL`]: `${base}/token`,
      [`${prefix}_USERINFO_URL`]: `${base}/userinfo`,
    },
    /** The profile of whoever consents from now on. */
    signInAs(next: Profile) {
      profile = next;
    },
    denyConsent(value: boolean) {
      deny = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
