export * from './events.js';
export * from './answers.js';
