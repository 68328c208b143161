export * from './vocabulary.js';
export * from './events.js';
export * from './poem-file.js';
export * from './order-key.js';
export * from './responses.js';
export * from './packs.js';
