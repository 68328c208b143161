import { sentenceReferenceSource } from '@epos/schemas/poem/sentence-references';
import { renderMarkdown } from './render.js';

// Both run on sanitized output only, where `>` inside attribute values is always escaped and no
// tag whose content is not text (script, style…) is left: dropping the tags leaves the text.
const BLOCK_TAG = /<\/?(?:p|br|hr|h[1-6]|blockquote|pre|ul|ol|li|table|thead|tbody|tr|th|td|figure|figcaption|div)\b[^>]*>/g;
const ANY_TAG = /<[^>]*>/g;
// The only entities sanitize-html writes into text.
const ENTITY = /&(amp|lt|gt|quot);/g;
const DECODED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
const WORDLIKE = /[\p{L}\p{N}]/u;
// A rendered `||n||` (see sentence-links.ts): its text is the number it links to.
const SENTENCE_LINK = /<a class="sentence-link" href="\/(\d{1,7})">\1<\/a>/g;

/**
 * The text of HTML that `renderMarkdown` answered: no tags, entities decoded (so not safe as HTML),
 * whitespace collapsed. Sentence links are written back as `||n||`, so excerpts link them again.
 */
export function htmlText(html: string): string {
  const text = html.replace(SENTENCE_LINK, (_, n: string) => sentenceReferenceSource(Number(n)));
  return text
    .replace(BLOCK_TAG, ' ')
    .replace(ANY_TAG, '')
    .replace(ENTITY, (_, name: string) => DECODED[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The rendered text of `markdown` (see `htmlText`). */
export function plainText(markdown: string): string {
  return htmlText(renderMarkdown(markdown));
}

const tokensOf = (text: string): string[] => (text === '' ? [] : text.split(' '));

/** Words of the rendered text; lone punctuation such as a dash does not count. */
export function wordCount(markdown: string): number {
  return wordCountOfHtml(renderMarkdown(markdown));
}

/** As `wordCount`, from the HTML `renderMarkdown` answered for it (so it is not rendered twice). */
export function wordCountOfHtml(html: string): number {
  return tokensOf(htmlText(html)).filter((token) => WORDLIKE.test(token)).length;
}

/** The first `words` words of the rendered text, ending in "…" when cut. */
export function excerptOf(markdown: string, words = 40): string {
  return excerptOfText(plainText(markdown), words);
}

/** As `excerptOf`, from the HTML `renderMarkdown` answered for it (so it is not rendered twice). */
export function excerptOfHtml(html: string, words = 40): string {
  return excerptOfText(htmlText(html), words);
}

function excerptOfText(text: string, words: number): string {
  const tokens = tokensOf(text);
  let counted = 0;
  let end = 0;
  while (end < tokens.length && counted < words) {
    if (WORDLIKE.test(tokens[end] ?? '')) counted++;
    end++;
  }
  if (!tokens.slice(end).some((token) => WORDLIKE.test(token))) return tokens.join(' ');
  return `${tokens
    .slice(0, end)
    .join(' ')
    .replace(/[\s,;:–—-]+$/u, '')}…`;
}
