export * from './events.js';
export * from './limits.js';
export * from './payloads.js';
