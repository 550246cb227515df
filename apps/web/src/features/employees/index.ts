// The team and Telegram people, for other features.

export { usePaymentMethods } from './api/get-payment-methods';
export { teamPagesQueryOptions } from './api/get-team';
export { useTelegramUser } from './api/search-telegram-user';
export { paymentMethodText } from './lib/payment-method-text';
export { rateText } from './lib/rate';
