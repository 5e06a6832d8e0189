export * from './constants.js';
export * from './envelope.js';
export * from './fields.js';
export * from './messages.js';
export * from './pages.js';
export * from './recipes.js';
export * from './reviews.js';
export * from './users.js';
