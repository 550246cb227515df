// The team and Telegram people, for other features.

export { teamPagesQueryOptions } from './api/get-team';
export { useTelegramUser } from './api/search-telegram-user';
