import { API_BASE } from '@/lib/api-client';

const FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const;

/** Telegram's base64, url-safe or not, padded or not, as UTF-8 text (names are in any script). */
function decodeBase64(value: string): string {
  const standard = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard.padEnd(standard.length + ((4 - (standard.length % 4)) % 4), '='));
  return new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(binary, (char) => char.charCodeAt(0)),
  );
}

/**
 * Where the browser goes with Telegram's answer (`#tgAuthResult=<base64 JSON>` on /auth/telegram): the server's callback
 * with the proof's fields as its query, which checks the hash. Undefined for a missing or broken answer.
 */
export function telegramCallbackHref(hash: string): string | undefined {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('tgAuthResult');
  if (!raw) return undefined;
  let proof: unknown;
  try {
    proof = JSON.parse(decodeBase64(raw));
  } catch {
    return undefined;
  }
  if (typeof proof !== 'object' || proof === null) return undefined;
  const fields = proof as Record<string, unknown>;
  const query = new URLSearchParams();
  for (const name of FIELDS) {
    const value = fields[name];
    if (typeof value === 'string' || typeof value === 'number') query.set(name, String(value));
  }
  if (!query.has('id') || !query.has('auth_date') || !query.has('hash')) return undefined;
  return `${API_BASE}/auth/callback/telegram?${query.toString()}`;
}
