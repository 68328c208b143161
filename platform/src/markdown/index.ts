export { renderMarkdown } from './render.js';
export { excerptOfHtml } from './text.js';
export { escapeHtml } from './escape-html.js';
