export * from './events.js';
export * from './paths.js';
