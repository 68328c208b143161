export * from './events/metadata.js';
export * from './events/define-event.js';
export * from './events/registry.js';
export * from './api/errors.js';
export * from './api/responses.js';
export * from './api/input.js';
export * from './api/health.js';
export * from './api/site.js';
export * from './dictionary/responses.js';
export * from './speech/responses.js';
export * from './media/responses.js';

export * from './poem/index.js';
export * from './accounts/index.js';
export * from './blogs/index.js';
export * from './library/index.js';
export * from './suggestions/index.js';
export * from './catalog.js';
