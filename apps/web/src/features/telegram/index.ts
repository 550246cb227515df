// Finding a channel or a person in Telegram by a pasted link, for other features.
export { useTelegramBot } from './api/get-bot';
export { TelegramLookupResult } from './components/telegram-lookup-result';
export {
  PICKER_LOOKUP_DEBOUNCE_MS,
  telegramLinkInputProps,
  useTelegramLookup,
} from './lib/use-telegram-lookup';
