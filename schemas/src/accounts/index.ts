export * from './events.js';
export * from './payloads.js';
