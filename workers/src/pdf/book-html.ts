import { escapeHtml } from '@epos/platform/markdown/index';
import { sentenceLinkText, sentenceReferences } from '@epos/schemas/poem/sentence-references';
import type { Language, PdfOptions, PdfPart } from '@epos/schemas';
import { textIn } from '@epos/domain/poem/sentence-state';
import type { PdfPartContent } from '@epos/projections/poem/pdf-queries';
import { FONT_STACK, fontFaceCss } from './fonts.js';
import { scriptLang } from '@epos/schemas/poem/script-lang';
import { verseRows, type PlacedVerse, type VerseRow } from './verse-rows.js';

const LANGUAGE_NAMES: Record<Language, string> = { sa: 'Sanskrit', hi: 'Hindi', fr: 'French', de: 'German', or: 'Odia', zh: 'Chinese' };
/** BCP 47 tags, so Chromium picks the right font and shaping for each script. */
const LANGUAGE_TAGS: Record<Language, string> = { sa: 'sa', hi: 'hi', fr: 'fr', de: 'de', or: 'or', zh: 'zh-Hans' };

/** ` lang="…"` for an element holding `text` in a script the poem's own language is read from (as in the reader), or nothing. */
function langAttribute(text: string): string {
  const lang = scriptLang(text);
  return lang ? ` lang="${LANGUAGE_TAGS[lang]}"` : '';
}

export interface BookHtmlInput {
  part: PdfPart;
  options: PdfOptions;
  content: PdfPartContent;
  labels: { motherNote: string; authorNote: string; poemTitle: string };
  /** Printable sources (file:// or data: URLs) of the paintings, by their URL on the site; missing ones are left out. */
  images: ReadonlyMap<string, string>;
}

const ROMAN: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];
function roman(n: number): string {
  let rest = n;
  let out = '';
  for (const [value, numeral] of ROMAN) for (; rest >= value; rest -= value) out += numeral;
  return out;
}

const e = escapeHtml;
/** `||12||` reads as the sentence number, as it does on the site (a page reference is not kept across joined parts). */
const withReferences = (text: string) =>
  sentenceReferences(text)
    .map((part) => (part.kind === 'text' ? e(part.text) : `<span class="ref">${sentenceLinkText(part.n)}</span>`))
    .join('');
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${withReferences(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
const verse = (lines: readonly string[], lang?: string) =>
  `<div class="verse"${lang ? ` lang="${lang}"` : ''}>${lines.map((l) => `<p class="line">${e(l)}</p>`).join('')}</div>`;
const layer = (kind: string, label: string, body: string, lang?: string) =>
  `<div class="layer ${kind}"${lang ? ` lang="${lang}"` : ''}><h4 lang="en">${e(label)}</h4>${body}</div>`;

type Sentence = PdfPartContent['sentences'][number];

function sentenceLayers(s: Sentence, input: BookHtmlInput): string {
  const { options, labels, content } = input;
  const { state, derived } = s;
  const out: string[] = [];
  if (options.scansion) {
    const scansion = state.fields.scansion ?? derived.scansion;
    if (scansion) out.push(layer('scansion', 'Scansion', verse(scansion.split('\n'))));
  }
  for (const lang of options.translations) {
    const lines = state.translations[lang];
    if (lines) out.push(layer('translation', LANGUAGE_NAMES[lang], verse(lines, LANGUAGE_TAGS[lang]), LANGUAGE_TAGS[lang]));
    if (lang === 'sa' && state.fields.sanskritTransliteration)
      out.push(layer('translation', 'Sanskrit (transliteration)', verse(state.fields.sanskritTransliteration.split('\n'))));
  }
  if (options.motherNote && state.fields.motherNote) out.push(layer('note', labels.motherNote, paragraphs(state.fields.motherNote)));
  if (options.aurobindoNote && state.fields.aurobindoNote) out.push(layer('note', labels.authorNote, paragraphs(state.fields.aurobindoNote)));
  if (options.reason && state.fields.reason) out.push(layer('note', 'Reason', paragraphs(state.fields.reason)));
  for (const key of options.commentary) {
    const text = state.commentary[key];
    const info = content.layers[key];
    if (text && info) out.push(layer('commentary', `${info.label} — ${info.author}`, paragraphs(text)));
  }
  return out.join('');
}

/** The sentence's paintings and sketches, set right under its verse so they read as its own. */
function paintingsHtml(s: Sentence, input: BookHtmlInput): string {
  if (!input.options.paintings) return '';
  const { state } = s;
  return [...(state.media.painting ?? []), ...(state.media.sketch ?? [])]
    .map((item) => {
      const src = input.images.get(item.url);
      return src
        ? `<figure class="painting"><img src="${e(src)}" alt="${e(item.title ?? `Painting for sentence ${state.sentence}`)}">${item.title ? `<figcaption>${e(item.title)}</figcaption>` : ''}</figure>`
        : '';
    })
    .join('');
}

/** A verse line of the poem, whole: the part that begins another sentence carries that sentence's number, as in the reader. */
function rowHtml(row: VerseRow, first: { n: number } | null, gap: boolean): string {
  const classes = ['poem-line', gap ? 'stanza-start' : '', row.opensStanza ? 'opens' : '', row.closesStanza ? 'closes' : ''].filter((c) => c !== '').join(' ');
  const text = row.segments
    .map((s) =>
      s.begins === null
        ? e(s.text)
        : `<span class="joined"><span class="joined-num" aria-label="Sentence ${s.begins} begins here">${s.begins}</span>${e(s.text)}</span>`,
    )
    .join(' ');
  const lang = langAttribute(row.segments.map((s) => s.text).join(' '));
  return first ? `<p class="${classes}"${lang} id="s${first.n}">${numberHtml(first.n)}${text}</p>` : `<p class="${classes}"${lang}>${text}</p>`;
}

const numberHtml = (n: number) => `<span class="num" aria-label="Sentence ${n}">${n}</span>`;

/**
 * A sentence as blocks side by side with every other line and heading of its canto: its verse
 * lines (its number in the margin of the first), its pictures, its layers. Chromium keeps lines
 * together (a stanza's first and last two, a heading with what follows) only among siblings, so
 * nothing wraps a sentence or a stanza. `startsSection`: no stanza gap above it (the heading's
 * margin is there).
 */
function sentenceHtml(s: Sentence, rows: readonly VerseRow[], input: BookHtmlInput, startsSection: boolean): string {
  const pictures = paintingsHtml(s, input);
  const layers = sentenceLayers(s, input);
  const n = s.state.sentence;
  // A sentence wholly inside the line where the previous one ends shows only there, unless it has layers to print.
  if (rows.length === 0 && pictures === '' && layers === '') return '';
  const lines = rows.map((row, i) => rowHtml(row, i === 0 ? { n } : null, row.startsStanza && !(startsSection && i === 0))).join('');
  const numberless = rows.length === 0;
  return `${lines}${pictures}${layers ? `<div class="layers"${numberless ? ` id="s${n}"` : ''}>${numberless ? numberHtml(n) : ''}${layers}</div>` : ''}`;
}

const placed = (s: Sentence): PlacedVerse => ({
  n: s.state.sentence,
  stanza: s.state.placement?.stanza ?? null,
  joinsPrevious: s.state.placement?.joinsPrevious ?? false,
  stanzaBreaks: s.state.placement?.stanzaBreaks ?? [],
  fragments: textIn(s.state, 'first'),
});

/** A section's sentences, each verse line printed once, in stanzas (verse-rows.ts). */
function sectionVerseHtml(sentences: readonly Sentence[], input: BookHtmlInput): string {
  const blocks = verseRows(sentences.map(placed));
  let startsSection = true;
  return sentences
    .map((s, i) => {
      const html = sentenceHtml(s, blocks[i]!, input, startsSection);
      if (blocks[i]!.length > 0) startsSection = false;
      return html;
    })
    .join('');
}

const sectionId = (canto: number, section: number) => `c${canto}-s${section}`;

const documentHtml = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title><style>${fontFaceCss()}${STYLE}</style></head><body>${body}</body></html>`;

export const partHeading = (part: PdfPart) => (part.typeOf === 2 ? `Book ${part.book}, Canto ${part.canto}` : `Book ${part.book}`);
export const cantoHeading = (canto: number, name: string) => `Canto ${roman(canto)}${name ? ` · ${name}` : ''}`;

/**
 * The title page and the table of contents: each canto with the page it starts on (once the
 * cantos are printed, `cantoPages` knows), each section with the sentence numbers it holds (the
 * numbers in the margin).
 */
export function frontMatterHtml(input: BookHtmlInput, cantoPages: ReadonlyMap<number, number>): string {
  const { part, content, labels } = input;
  const poemTitle = content.title ?? labels.poemTitle;
  const heading = partHeading(part);
  const subtitle = part.typeOf === 2 ? (content.cantos.find((c) => c.canto === part.canto)?.name ?? '') : content.bookName;
  const ranges = new Map<string, { canto: number; section: number; first: number; last: number }>();
  for (const s of content.sentences) {
    const key = sectionId(s.canto, s.section);
    const range = ranges.get(key);
    if (range) range.last = s.state.sentence;
    else ranges.set(key, { canto: s.canto, section: s.section, first: s.state.sentence, last: s.state.sentence });
  }
  const toc = content.cantos
    .map((c) => {
      const items = [...ranges.values()]
        .filter((r) => r.canto === c.canto)
        .map(
          (r) =>
            `<li><span>Section ${roman(r.section)}${c.sections[r.section] ? ` · ${e(c.sections[r.section]!)}` : ''}</span><span class="range">${r.first}–${r.last}</span></li>`,
        )
        .join('');
      return `<li class="toc-canto"><p><span>${e(cantoHeading(c.canto, c.name))}</span><span class="page">${cantoPages.get(c.canto) ?? ''}</span></p><ol>${items}</ol></li>`;
    })
    .join('');
  return documentHtml(
    `${poemTitle} — ${heading}`,
    `<div class="title-page"><p class="poem-author">${e(content.author ?? '')}</p><h1>${e(poemTitle)}</h1><p class="part">${e(heading)}</p><p class="part-name">${e(subtitle)}</p>${part.typeOf === 1 ? '' : `<p class="book-name">${e(content.bookName)}</p>`}</div>
<nav class="toc"><h2>Contents</h2><p class="toc-note">Cantos with their first page; sections with the sentence numbers printed in the margin.</p><ol>${toc}</ol></nav>`,
  );
}

/** One canto's pages: its heading, its sections and their stanzas with the chosen layers. */
export function cantoHtml(input: BookHtmlInput, canto: number): string {
  const info = input.content.cantos.find((c) => c.canto === canto);
  const sections: Sentence[][] = [];
  for (const s of input.content.sentences) {
    if (s.canto !== canto) continue;
    const current = sections.at(-1);
    if (current && current[0]!.section === s.section) current.push(s);
    else sections.push([s]);
  }
  const body = sections.map((sentences) => {
    const section = sentences[0]!.section;
    const name = info?.sections[section];
    return `<h3>Section ${roman(section)}${name ? ` · <span${langAttribute(name)}>${e(name)}</span>` : ''}</h3>${sectionVerseHtml(sentences, input)}`;
  });
  const heading = `<header class="canto-head"><h2>Canto ${roman(canto)}</h2>${info?.name ? `<p class="name"${langAttribute(info.name)}>${e(info.name)}</p>` : ''}</header>`;
  return documentHtml(cantoHeading(canto, info?.name ?? ''), `<div class="canto">${heading}${body.join('')}</div>`);
}

const STYLE = `
@page { size: 148mm 210mm; margin: 20mm 16mm 18mm 14mm; }
html { font-family: ${FONT_STACK}; font-size: 10.5pt; line-height: 1.42; color: #111; }
body { margin: 0; }
h1, h2, h3, h4 { font-weight: 700; break-after: avoid; }
.title-page { height: 160mm; display: flex; flex-direction: column; justify-content: center; text-align: center; break-after: page; }
.title-page h1 { font-size: 24pt; margin: 6mm 0; }
.title-page .part { font-size: 14pt; margin: 0; letter-spacing: .05em; }
.title-page .part-name { font-size: 13pt; font-style: italic; margin: 2mm 0; }
.title-page .poem-author, .title-page .book-name { font-size: 11pt; margin: 0; }
.toc { break-after: page; }
.toc h2 { text-align: center; font-size: 15pt; }
.ref { font-variant-numeric: oldstyle-nums; }
.toc-note { font-size: 8.5pt; font-style: italic; text-align: center; }
.toc ol { list-style: none; padding: 0; margin: 0 0 0 10mm; }
.toc-canto { margin: 3mm 0; break-inside: avoid; }
.toc-canto > p { font-weight: 700; margin: 0; }
.toc-canto ol { padding-left: 5mm; }
.toc li > span:first-child, .toc-canto > p > span:first-child { flex: 1; }
.toc-canto > p, .toc-canto li { display: flex; justify-content: space-between; gap: 4mm; }
.toc .range, .toc .page { font-variant-numeric: tabular-nums; white-space: nowrap; }
.canto-head { text-align: center; margin: 0 0 8mm 10mm; break-inside: avoid; break-after: avoid; }
.canto-head h2 { font-size: 15pt; margin: 0; }
.canto-head .name { font-size: 12pt; font-style: italic; margin: 1.5mm 0 0; }
.canto h3 { font-size: 11pt; text-align: center; margin: 6mm 0 4mm 10mm; letter-spacing: .04em; }
/* The poem's lines, headings and layers are siblings: Chromium keeps blocks together only among siblings. */
.poem-line { position: relative; margin: 0 0 0 10mm; padding-left: 1.6em; text-indent: -1.6em; break-inside: avoid; }
/* A stanza break is one blank line: between stanzas, and inside a sentence that runs across one. */
.poem-line.stanza-start { margin-top: 1.42em; }
/* No stanza leaves its first or last line alone at the foot or head of a page (a tercet stays whole). */
.poem-line.opens { break-after: avoid; }
.poem-line.closes { break-before: avoid; }
.num { position: absolute; left: -10mm; top: .2em; width: 7mm; text-indent: 0; text-align: right; font-size: 8pt; font-style: normal; color: #555; font-variant-numeric: tabular-nums; }
.joined-num { font-size: 6.5pt; line-height: 0; vertical-align: super; color: #555; margin-right: .12em; font-variant-numeric: tabular-nums; }
.line { margin: 0; padding-left: 1.6em; text-indent: -1.6em; break-inside: avoid; }
.layers { position: relative; margin: 0 0 2.5mm 10mm; break-before: avoid; }
.layer { margin: 1.5mm 0 0 4mm; font-size: 9pt; break-inside: avoid; }
.layer h4 { font-size: 7.5pt; font-weight: 700; text-transform: uppercase; letter-spacing: .06em; color: #444; margin: 0 0 .5mm; }
.layer p { margin: 0 0 1mm; }
.layer .line { margin: 0; }
.layer.scansion .line { font-size: 8.5pt; letter-spacing: .02em; }
.layer.commentary, .layer.note { text-align: justify; hyphens: auto; }
[lang="zh-Hans"] .line { text-indent: 0; padding-left: 0; }
/* A painting stays on the page of the verse it belongs to (with its last line at least). */
figure.painting { margin: 2mm 0 1mm 14mm; break-inside: avoid; break-before: avoid; text-align: center; }
figure.painting img { max-width: 100%; max-height: 55mm; }
figure.painting figcaption { font-size: 8pt; font-style: italic; }
`;
