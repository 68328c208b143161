import { slugify, type BookTocEntry } from '@epos/schemas';
import { renderMarkdown } from './render.js';

/**
 * Heading ids begin with this, so no heading can take an id the page itself uses (the app's root,
 * a skip link) or clobber a global name in the browser.
 */
const TOC_ID_PREFIX = 'toc-';

// Sanitised output only: the sanitiser keeps no attribute on headings, so each opens as exactly
// `<h2>` or `<h3>`, and a `<` inside text or an attribute value is always escaped.
const HEADING = /<(h[23])>([\s\S]*?)<\/\1>/g;
const TAG = /<[^>]*>/g;
const ENTITY = /&(amp|lt|gt|quot);/g;
const DECODED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/** A heading's text as a reader sees it: markup dropped, entities decoded, spaces collapsed. */
const textOf = (innerHtml: string) =>
  innerHtml
    .replace(TAG, '')
    .replace(ENTITY, (_, name: string) => DECODED[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();

export interface RenderedBook {
  /** Sanitised HTML whose second- and third-level headings carry the ids the table of contents links to. */
  html: string;
  /** Each h2 with the h3s under it (an h3 before any h2 stands on its own). */
  toc: BookTocEntry[];
}

/**
 * A book's markdown as its reader page shows it: rendered and sanitised by `renderMarkdown` (sentence
 * links included), then each h2 and h3 given an id from its text, distinct within the book
 * (`toc-intro`, `toc-intro-2`). The ids are added after sanitising and are made only of `[a-z0-9-]`.
 */
export function renderWithToc(markdown: string): RenderedBook {
  const taken = new Set<string>();
  const toc: BookTocEntry[] = [];
  let section: BookTocEntry | null = null;
  const html = renderMarkdown(markdown).replace(HEADING, (whole, tag: 'h2' | 'h3', inner: string) => {
    const text = textOf(inner);
    if (text === '') return whole;
    const base = `${TOC_ID_PREFIX}${slugify(text, 60) || 'section'}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    const heading = { TagHash: id, TagText: text };
    if (tag === 'h3' && section) section.Innerhead3.push(heading);
    else {
      const entry = { ...heading, Innerhead3: [] };
      toc.push(entry);
      if (tag === 'h2') section = entry;
    }
    return `<${tag} id="${id}">${inner}</${tag}>`;
  });
  return { html, toc };
}
