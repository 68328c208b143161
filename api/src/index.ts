export * from './app.js';
export * from './deps.js';
export { cacheMemoryOf } from './plugins/memory-budget.js';
export * from './commands.js';
export * from './plugins/consistency.js';
export * from './plugins/error-handler.js';
export * from './server.js';
export * from './demo/seed.js';
export * from './read-models.js';
