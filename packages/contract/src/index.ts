export * from './auth.js';
export * from './channel.js';
export * from './deal.js';
export * from './employee.js';
export * from './errors.js';
export * from './filter-params.js';
export * from './idempotency.js';
export * from './pagination.js';
// Plain values and functions, without zod: screens use them without loading zod (decision 009).
export * from './plain/auth.js';
export * from './plain/conditions.js';
export * from './plain/deal.js';
export * from './plain/errors.js';
export * from './profile.js';
export * from './tariff.js';
export * from './team.js';
export * from './telegram.js';
export * from './zod.js';
