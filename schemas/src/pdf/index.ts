export * from './options.js';
export * from './events.js';
export * from './payloads.js';
export * from './responses.js';
export * from './messages.js';
