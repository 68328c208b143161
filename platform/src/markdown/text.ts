import sanitizeHtml from 'sanitize-html';
import { renderMarkdown } from './render.js';

// Runs on sanitized output only, where `>` inside attribute values is always escaped.
const BLOCK_TAG = /<\/?(?:p|br|hr|h[1-6]|blockquote|pre|ul|ol|li|table|thead|tbody|tr|th|td|figure|figcaption|div)\b[^>]*>/g;
const STRIP_ALL: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };
// The only entities sanitize-html writes into text.
const ENTITY = /&(amp|lt|gt|quot);/g;
const DECODED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
const WORDLIKE = /[\p{L}\p{N}]/u;

/** The rendered text of `markdown`: no tags, entities decoded (so not safe as HTML), whitespace collapsed. */
export function plainText(markdown: string): string {
  const html = renderMarkdown(markdown).replace(BLOCK_TAG, ' $&');
  return sanitizeHtml(html, STRIP_ALL)
    .replace(ENTITY, (_, name: string) => DECODED[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

function tokensOf(markdown: string): string[] {
  const text = plainText(markdown);
  return text === '' ? [] : text.split(' ');
}

/** Words of the rendered text; lone punctuation such as a dash does not count. */
export function wordCount(markdown: string): number {
  return tokensOf(markdown).filter((token) => WORDLIKE.test(token)).length;
}

/** The first `words` words of the rendered text, ending in "…" when cut. */
export function excerptOf(markdown: string, words = 40): string {
  const tokens = tokensOf(markdown);
  let counted = 0;
  let end = 0;
  while (end < tokens.length && counted < words) {
    if (WORDLIKE.test(tokens[end] ?? '')) counted++;
    end++;
  }
  if (!tokens.slice(end).some((token) => WORDLIKE.test(token))) return tokens.join(' ');
  return `${tokens.slice(0, end).join(' ').replace(/[\s,;:–—-]+$/u, '')}…`;
}
