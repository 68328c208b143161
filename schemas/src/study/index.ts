export * from './events.js';
export * from './payloads.js';
export * from './reading.js';
export * from './plans.js';
export * from './curated-plans.js';
