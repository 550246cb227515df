export * from './auth.js';
export * from './channel.js';
export * from './employee.js';
export * from './errors.js';
export * from './pagination.js';
export * from './tariff.js';
export * from './telegram.js';
export * from './zod.js';
