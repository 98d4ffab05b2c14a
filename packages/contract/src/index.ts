// Plain modules (no zod): safe for the web app's first screens.
export * from './constants.js';
export * from './envelope.js';
export * from './error-codes.js';
export * from './menu-rules.js';
export * from './messages.js';
export * from './rules.js';
// zod schemas: the server, the OpenAPI document and tests.
export * from './auth.js';
export * from './envelope-schemas.js';
export * from './menu.js';
export * from './organization.js';
export * from './system.js';
export * from './validation.js';
export * from './zod-messages.js';
export * from './files.js';
