// The contract's zod-free core (`@addesk/contract/plain`): values, rules and texts the web's screens use without
// loading zod (decision 009). Every module here imports nothing but the others; the zod schemas build on them.
export * from './access.js';
export * from './auth.js';
export * from './auth-params.js';
export * from './conditions.js';
export * from './deal.js';
export * from './deal-kinds.js';
export * from './deal-sorts.js';
export * from './errors.js';
export * from './fields.js';
export * from './import.js';
export * from './legal.js';
export * from './marking.js';
export * from './marking-needs.js';
export * from './money.js';
export * from './post.js';
export * from './price-list.js';
export * from './schedule.js';
export * from './tariff.js';
export * from './telegram.js';
export * from './telegram-image.js';
export * from './time-zones.js';
export * from './wall-clock.js';
