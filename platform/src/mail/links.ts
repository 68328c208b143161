/** http(s) URLs in plain text; trailing sentence punctuation is not part of the URL. */
export const TEXT_URL = /https?:\/\/[^\s<>"'`]+/g;
const TRAILING = /[.,;:!?)\]}]+$/;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/** Trims punctuation that ends a sentence rather than the URL. */
export function trimUrl(url: string): string {
  return url.replace(TRAILING, '');
}

/** True for an absolute http: or https: URL (the only links a mail page makes clickable). */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The http(s) links of a message, from its text and the hrefs of its HTML, first seen first, each once. */
export function extractLinks(message: { text: string; html?: string | undefined }): string[] {
  const found: string[] = [];
  for (const match of message.text.matchAll(TEXT_URL)) found.push(trimUrl(match[0]));
  for (const match of (message.html ?? '').matchAll(HREF)) {
    found.push(decodeAttribute((match[1] ?? match[2] ?? match[3] ?? '').trim()));
  }
  return [...new Set(found.filter(isWebUrl))];
}
