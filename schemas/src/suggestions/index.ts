export * from './events.js';
export * from './payloads.js';
export * from './responses.js';
export * from './parts.js';
