export * from './users.js';
export * from './tokens.js';
export * from './outbox.js';
export * from './throttle.js';
export * from './catalog.js';
export * from './orders.js';
export * from './billing.js';
export * from './content.js';
