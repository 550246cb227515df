// Finding a channel or a person in Telegram by a pasted link, for other features.
export { PICKER_LOOKUP_DEBOUNCE_MS, useTelegramLookup } from './lib/use-telegram-lookup';
