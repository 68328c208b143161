/**
 * A hit's snippet is HTML from the server: the matched words in `<mark>`, everything else escaped.
 * Readers of it (the reader app, the download) do not trust it as HTML: it is read into plain text
 * runs, marked or not, and rendered as text, so any other tag would show as text and never run.
 */

export interface SnippetPart {
  readonly text: string;
  readonly marked: boolean;
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Undoes HTML escapes (named basics and numeric); unknown ones stay as written. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED[name.toLowerCase()] ?? entity;
  });
}

/** The snippet's runs of text, in order, each marked when it stood inside `<mark>…</mark>`. */
export function snippetParts(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of html.split(/(<\/?mark>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<mark>' || tag === '</mark>') {
      marked = tag === '<mark>';
      continue;
    }
    if (piece !== '') parts.push({ text: unescapeHtml(piece), marked });
  }
  return parts;
}

/** The snippet as plain text, the marks dropped. */
export function snippetText(html: string): string {
  return snippetParts(html)
    .map((part) => part.text)
    .join('');
}
