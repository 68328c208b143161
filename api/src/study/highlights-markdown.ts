import type { MyHighlight } from '@epos/schemas';
import { editionNames } from '@epos/schemas/poem/editions';
import { sentenceHref } from '@epos/schemas/poem/sentence-references';
import { counted, day, sectionHeading } from './markdown-parts.js';

export interface HighlightsFile {
  poemTitle: string;
  /** The site's public address, without a trailing slash: links in the file are absolute. */
  site: string;
  /** In the order My study shows them. */
  highlights: readonly MyHighlight[];
  at: Date;
}

const heading = (h: MyHighlight) => sectionHeading(h.where);

/** Where it stands, linked: "[Sentence 12](…)", or where it was made when its words are gone. */
function place(h: MyHighlight, site: string): string {
  if (h.sentence !== null) return `[Sentence ${h.sentence}](${site}${sentenceHref(h.sentence)})`;
  const made = h.madeOn.sentence === null ? 'a withdrawn sentence' : `[sentence ${h.madeOn.sentence}](${site}${sentenceHref(h.madeOn.sentence)})`;
  return `Made on ${made}; its words are no longer in the poem`;
}

/** The reader's highlights as one markdown file: a heading per section, each highlight quoted with its colour, style, edition and note. */
export function highlightsMarkdown({ poemTitle, site, highlights, at }: HighlightsFile): string {
  const lines = [`# My highlights in ${poemTitle}`, '', `${counted(highlights.length, 'highlight', 'highlights')}, as of ${day(at)}.`];
  let previous: string | null = null;
  for (const h of highlights) {
    if (heading(h) !== previous) lines.push('', `## ${heading(h)}`);
    previous = heading(h);
    lines.push(
      '',
      ...h.exact.split('\n').map((line) => `> ${line}`),
      '',
      `${place(h, site)} · ${editionNames[h.madeOn.edition]} edition · ${h.colour}, ${h.style} · ${day(h.madeAt)}`,
    );
    if (h.note !== null) lines.push('', h.note);
  }
  return `${lines.join('\n')}\n`;
}

export const HIGHLIGHTS_FILE_NAME = 'my-highlights.md';
