import type { PaymentMethod } from '@addesk/contract';

/** Requisites as a line: 'СБП: +7 900 123-45-67'. */
export const paymentMethodText = (method: Pick<PaymentMethod, 'paymentMethodTypeName' | 'credentials'>) =>
  `${method.paymentMethodTypeName}: ${method.credentials}`;
