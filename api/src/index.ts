export * from './app.js';
export * from './deps.js';
export { cacheMemoryOf } from './http/memory-budget.js';
export * from './commands.js';
export * from './http/consistency.js';
export * from './http/error-handler.js';
export * from './server.js';
export * from './demo/seed.js';
export * from './read-models.js';
