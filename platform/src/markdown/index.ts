export { renderMarkdown, type MarkdownProfile, type RenderOptions } from './render.js';
export { excerptOf, plainText, wordCount } from './text.js';
