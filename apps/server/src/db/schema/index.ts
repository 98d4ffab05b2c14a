export * from './menus.js';
export * from './organizations.js';
export * from './settings.js';
export * from './users.js';
export * from './files.js';
