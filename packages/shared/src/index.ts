export * from './messages.js';
export * from './constants.js';
export * from './roles.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './money.js';
export * from './schemas/catalog.js';
