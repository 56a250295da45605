export * from './auth.js';
export * from './organizations.js';
export * from './ops.js';
