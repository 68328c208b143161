export * from './events.js';
export * from './limits.js';
export * from './payloads.js';
export * from './storage.js';
export * from './storage-messages.js';
