import type { TeamOrd, TeamOrdInput } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { Config } from '../../env.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { loadSecretsKey, open, type SecretsKey, seal } from '../../lib/secret-box.js';
import { type OrdClient, ordClient, ordRoot } from '../ord/index.js';
import * as repo from './ord-account.repository.js';

// A team's ОРД account (issue 35): the owner sets the provider, the sandbox and the API key. The key is sealed at rest
// and write-only: no answer carries it, and it reaches only the ОРД client's Authorization header.

/** What anything sent to the ОРД answers while the team has no key (the registration, the month's reports). */
export const NO_ORD_KEY = 'Сначала добавьте ключ API ОРД в настройках';

const keys = new WeakMap<Config, SecretsKey | null>();

/** The server's sealing key, read once per configuration. */
function secretsKeyOf(config: Config) {
  let key = keys.get(config);
  if (key === undefined) {
    key =
      loadSecretsKey({
        secretsKey: config.secretsKey,
        dataDir: 'dataDir' in config.database ? config.database.dataDir : undefined,
      }) ?? null;
    keys.set(config, key);
  }
  return key;
}

export async function getTeamOrd(db: Db, caller: SessionCaller): Promise<TeamOrd> {
  const row = await repo.findTeamOrd(db, caller.teamId);
  return {
    provider: row?.provider ?? 'vk',
    sandbox: row?.sandbox ?? false,
    keySet: Boolean(row?.apiKeySealed),
  };
}

export async function putTeamOrd(db: Db, config: Config, caller: SessionCaller, input: TeamOrdInput) {
  let apiKeySealed: string | null | undefined;
  if (input.apiKey) {
    const key = secretsKeyOf(config);
    if (!key)
      throw new AppError(
        'UNAVAILABLE',
        'Сервер не может сохранить ключ: администратору нужно задать SECRETS_KEY',
      );
    apiKeySealed = seal(key, input.apiKey);
  } else if (input.apiKey === '') apiKeySealed = null;
  await repo.saveTeamOrd(db, caller.teamId, {
    provider: input.provider,
    sandbox: input.sandbox,
    apiKeySealed,
  });
  return getTeamOrd(db, caller);
}

/** The team's ОРД client, or null while it has no key (or one the server can no longer open). */
export async function ordClientForTeam(db: Db, config: Config, teamId: number): Promise<OrdClient | null> {
  const row = await repo.findTeamOrd(db, teamId);
  const key = secretsKeyOf(config);
  const apiKey = row?.apiKeySealed && key ? open(key, row.apiKeySealed) : undefined;
  if (!row || !apiKey) return null;
  return ordClient({ root: ordRoot(config.ord, row.sandbox), apiKey, timeoutMs: config.ord.timeoutMs });
}

/** Whether the team has a key, for the calls that queue work for the ОРД. */
export async function hasOrdKey(db: Db, teamId: number) {
  return Boolean((await repo.findTeamOrd(db, teamId))?.apiKeySealed);
}
