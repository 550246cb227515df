// The team, for other features: its pages, a person's requisites and pay terms in words.

export { usePaymentMethods } from './api/get-payment-methods';
export { teamPagesQueryOptions } from './api/get-team';
export { paymentMethodText } from './lib/payment-method-text';
export { rateText } from './lib/rate';
