export * from './auth.js';
export * from './channel-employees.js';
export * from './channels.js';
export * from './employees.js';
export * from './referrals.js';
export * from './subscriptions.js';
export * from './teams.js';
export * from './user-settings.js';
