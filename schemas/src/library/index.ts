export * from './events.js';
export * from './paths.js';
export * from './payloads.js';
