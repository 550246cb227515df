import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Secrets kept in the database (a team's ОРД API key, issue 35) are sealed with AES-256-GCM under the server's key:
// a copy of the database alone does not give them away, and a changed ciphertext fails to open instead of opening
// to garbage. The sealed form is `v1.<iv>.<tag>.<ciphertext>` (base64url), so a later key or cipher can say so.

const VERSION = 'v1';

/** A 32-byte key. */
export type SecretsKey = Buffer;

/**
 * The key from SECRETS_KEY, else (the embedded database, one process) one generated once and kept beside the data,
 * readable by its owner only; undefined for a PostgreSQL server without SECRETS_KEY (it may run as several processes,
 * which must share one key).
 */
export function loadSecretsKey(options: { secretsKey?: string; dataDir?: string }): SecretsKey | undefined {
  if (options.secretsKey) return Buffer.from(options.secretsKey, 'hex');
  if (!options.dataDir) return undefined;
  const file = join(options.dataDir, 'secrets.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    const key = randomBytes(32);
    mkdirSync(options.dataDir, { recursive: true });
    // 'wx': two processes starting at once keep the first one's key (the second read finds it).
    try {
      writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    }
  }
}

export function seal(key: SecretsKey, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or undefined when it was sealed under another key or changed since. */
export function open(key: SecretsKey, sealed: string): string | undefined {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}
