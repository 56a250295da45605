export * from './auth.js';
export * from './organizations.js';
export * from './ops.js';
export * from './organization-phone-numbers.js';
export * from './hours.js';
export * from './schedules.js';
