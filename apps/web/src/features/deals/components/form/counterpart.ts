import type { Contact, ExternalChannel } from '@addesk/contract';
import { parseTelegramLink } from '@addesk/contract/plain';

/**
 * Who the deal was with (the other side's channel, or the person): one the team saved before (sent as its id),
 * one just found in Telegram by a pasted link (sent with its name, username and picture), or a bare name.
 */
export type Counterpart =
  | { source: 'saved'; id: number; name: string; iconLink: string | null; username: string | null }
  | {
      source: 'found';
      name: string;
      username: string;
      iconLink: string | null;
      telegramId: number | null;
    }
  | { source: 'name'; name: string };

/** How a counterpart reads in a picker: its name, '@username' under it, its picture. */
export function describeCounterpart(value: Counterpart) {
  if (value.source === 'name') return { name: value.name, hint: null, iconLink: null };
  return { name: value.name, hint: value.username ? `@${value.username}` : null, iconLink: value.iconLink };
}

/** 'https://t.me/name' (as the API shows a link) -> 'name'. */
function usernameOf(link: string | null | undefined): string | null {
  if (!link) return null;
  const parsed = parseTelegramLink(link);
  return parsed.ok ? parsed.username : null;
}

export function savedChannel(channel: ExternalChannel): Counterpart {
  return {
    source: 'saved',
    id: channel.id,
    name: channel.name,
    iconLink: channel.iconLink,
    username: usernameOf(channel.channelLink),
  };
}

export function savedContact(contact: Contact): Counterpart {
  return {
    source: 'saved',
    id: contact.id,
    name: contact.name,
    iconLink: contact.iconLink,
    username: usernameOf(contact.profileLink),
  };
}

const httpUrl = (link: string | null) => (link && /^https?:\/\//i.test(link) ? link : undefined);

type Found = Extract<Counterpart, { source: 'found' }>;

/**
 * A counterpart as a payload sends it (spec §3 "Channel contact" / "Admin contact"): a saved one by its id, a bare
 * name, or one found in Telegram with its name and picture plus what `ids` names its username and Telegram id by.
 */
function counterpartPayload<T extends object>(value: Counterpart | null, ids: (found: Found) => T) {
  if (!value) return null;
  if (value.source === 'saved') return { id: value.id };
  if (value.source === 'name') return { name: value.name };
  const iconLink = httpUrl(value.iconLink);
  return { name: value.name.slice(0, 200), ...(iconLink ? { iconLink } : {}), ...ids(value) };
}

export const externalChannelPayload = (value: Counterpart | null) =>
  counterpartPayload(value, (found) => ({
    channelLink: found.username,
    ...(found.telegramId === null ? {} : { externalChannelId: found.telegramId }),
  }));

export const contactPayload = (value: Counterpart | null) =>
  counterpartPayload(value, (found) => ({
    profileLink: found.username,
    ...(found.telegramId === null ? {} : { externalUserId: found.telegramId }),
  }));
