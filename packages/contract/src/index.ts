export * from './attribution.js';
export * from './auth.js';
export * from './calendar-feed.js';
export * from './channel.js';
export * from './client.js';
export * from './deal.js';
export * from './deal-bulk.js';
export * from './employee.js';
export * from './errors.js';
export * from './filter-params.js';
export * from './history.js';
export * from './idempotency.js';
export * from './import.js';
export * from './marking.js';
export * from './members.js';
export * from './money.js';
export * from './pagination.js';
export * from './pay.js';
// Plain values and functions, without zod (also `@addesk/contract/plain`): screens use them without loading zod
// (decision 009).
export * from './plain/index.js';
export * from './post.js';
export * from './profile.js';
export * from './schedule.js';
export * from './tariff.js';
export * from './team.js';
export * from './telegram.js';
export * from './zod.js';
