import type { ChannelInfo } from '@addesk/contract';
import { PRIVATE_TELEGRAM_LINK, parseTelegramLink } from '@addesk/contract/plain';
import { errorMessage } from '@/lib/notify';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useChannelInfo } from '../api/get-channel-info';
import { useTelegramUser } from '../api/search-telegram-user';

/** Spec §5: a link typed on the channel form is looked up once the user has paused for this long. */
export const CHANNEL_LOOKUP_DEBOUNCE_MS = 500;
/** Spec §5: a profile link, or a link pasted in a picker, is looked up after this pause. */
export const PICKER_LOOKUP_DEBOUNCE_MS = 800;

/** The input attributes of a field holding a Telegram link: no autocorrection, a keyboard for addresses. */
export const telegramLinkInputProps = {
  inputMode: 'url',
  autoComplete: 'off',
  autoCapitalize: 'none',
  autoCorrect: 'off',
  spellCheck: false,
} as const;

export type TelegramLookupOptions = {
  /** What the link names: a public channel, or a person. */
  target: 'channel' | 'user';
  /** The pause after the last keystroke before the lookup (spec §5). */
  debounceMs: number;
  /** The user has left the field: a malformed name is judged now, not after the pause. */
  blurred?: boolean;
  /** Whether the text is to be read as a link at all (by default: whenever it is not blank). */
  isLink?: (text: string) => boolean;
};

export type TelegramLookup = {
  /** The text as parsed now (undefined when it is not read as a link). */
  parsed: ReturnType<typeof parseTelegramLink> | undefined;
  /** What Telegram knows under the name the field holds now. */
  found: ChannelInfo | undefined;
  /** A well-formed name is waiting for the pause or for the answer. */
  looking: boolean;
  /** Why the link cannot be right (instant for an invite link, otherwise after the pause or on leaving the field). */
  linkProblem: string | undefined;
  /** Why the lookup of a well-formed name failed (not found, Telegram down). */
  lookupProblem: string | undefined;
};

const notBlank = (text: string) => text.trim() !== '';

/**
 * A typed Telegram link, checked at once with `parseTelegramLink` (no request for what cannot be right) and looked
 * up in Telegram once the user has paused; the answer counts only while the field still holds the same name.
 */
export function useTelegramLookup(
  text: string,
  { target, debounceMs, blurred = false, isLink = notBlank }: TelegramLookupOptions,
): TelegramLookup {
  const debouncedText = useDebouncedValue(text, debounceMs);
  const parsed = isLink(text) ? parseTelegramLink(text) : undefined;
  const debounced = isLink(debouncedText) ? parseTelegramLink(debouncedText) : undefined;
  const username = debounced?.ok ? debounced.username : undefined;
  const channelLookup = useChannelInfo(target === 'channel' ? username : undefined);
  const userLookup = useTelegramUser(target === 'user' ? username : undefined);
  const lookup = target === 'channel' ? channelLookup : userLookup;

  // What the field holds now has been looked up (not a name typed since the last pause).
  const current = Boolean(parsed?.ok && username && parsed.username.toLowerCase() === username.toLowerCase());
  const found = current && lookup.isSuccess ? lookup.data : undefined;
  const looking = Boolean(parsed?.ok) && (!current || lookup.isFetching);
  // An invite link is wrong whatever comes next: say so at once. A name being typed is judged when the user pauses
  // or leaves the field, not at every letter.
  const linkProblem =
    parsed && !parsed.ok && (parsed.message === PRIVATE_TELEGRAM_LINK || debouncedText === text || blurred)
      ? parsed.message
      : undefined;
  const lookupProblem =
    current && lookup.isError && !lookup.isFetching ? errorMessage(lookup.error) : undefined;

  return { parsed, found, looking, linkProblem, lookupProblem };
}
