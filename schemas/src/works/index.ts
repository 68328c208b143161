export * from './events.js';
export * from './messages.js';
export * from './payloads.js';
export * from './urls.js';
