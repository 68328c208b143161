export { renderMarkdown } from './render.js';
export { excerptOfHtml, wordCount } from './text.js';
export { escapeHtml } from './escape-html.js';
