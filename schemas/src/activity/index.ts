export * from './events.js';
export * from './answers.js';
export * from './messages.js';
