export { renderMarkdown } from './render.js';
export { excerptOfHtml, wordCount } from './text.js';
