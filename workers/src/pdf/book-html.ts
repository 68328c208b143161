import { escapeHtml } from '@epos/platform/markdown/index';
import { sentenceLinkText, sentenceReferences } from '@epos/schemas/poem/sentence-references';
import type { Language, PdfOptions, PdfPart } from '@epos/schemas';
import { textIn } from '@epos/domain/poem/sentence-state';
import type { PdfPartContent } from '@epos/projections/poem/pdf-queries';
import { FONT_STACK, fontFaceCss } from './fonts.js';

const LANGUAGE_NAMES: Record<Language, string> = { sa: 'Sanskrit', hi: 'Hindi', fr: 'French', de: 'German', or: 'Odia', zh: 'Chinese' };
/** BCP 47 tags, so Chromium picks the right font and shaping for each script. */
const LANGUAGE_TAGS: Record<Language, string> = { sa: 'sa', hi: 'hi', fr: 'fr', de: 'de', or: 'or', zh: 'zh-Hans' };

export interface BookHtmlInput {
  part: PdfPart;
  options: PdfOptions;
  content: PdfPartContent;
  labels: { motherNote: string; authorNote: string; poemTitle: string };
  /** Printable sources (file:// or data: URLs) of the paintings, by their URL on the site; missing ones are left out. */
  images: ReadonlyMap<string, string>;
}

const ROMAN: [number, string][] = [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
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
    if (lang === 'sa' && state.fields.sanskritTransliteration) out.push(layer('translation', 'Sanskrit (transliteration)', verse(state.fields.sanskritTransliteration.split('\n'))));
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
      return src ? `<figure class="painting"><img src="${e(src)}" alt="${e(item.title ?? `Painting for sentence ${state.sentence}`)}">${item.title ? `<figcaption>${e(item.title)}</figcaption>` : ''}</figure>` : '';
    })
    .join('');
}

function sentenceHtml(s: Sentence, input: BookHtmlInput): string {
  const lines = textIn(s.state, 'first');
  const pictures = paintingsHtml(s, input);
  // Verse and its pictures stay on one page; the layers may run on.
  const head = pictures ? `<div class="sentence-head">${verse(lines)}${pictures}</div>` : verse(lines);
  return `<section class="sentence" id="s${s.state.sentence}"><div class="num" aria-label="Sentence ${s.state.sentence}">${s.state.sentence}</div>${head}${sentenceLayers(s, input)}</section>`;
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
        .map((r) => `<li><span>Section ${roman(r.section)}${c.sections[r.section] ? ` · ${e(c.sections[r.section]!)}` : ''}</span><span class="range">${r.first}–${r.last}</span></li>`)
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

/** One canto's pages: its heading, its sections and its sentences with the chosen layers. */
export function cantoHtml(input: BookHtmlInput, canto: number): string {
  const info = input.content.cantos.find((c) => c.canto === canto);
  const body: string[] = [`<div class="canto"><h2>Canto ${roman(canto)}${info?.name ? `<br><span class="name">${e(info.name)}</span>` : ''}</h2>`];
  let section: number | null = null;
  for (const s of input.content.sentences) {
    if (s.canto !== canto) continue;
    if (s.section !== section) {
      if (section !== null) body.push('</div>');
      const name = info?.sections[s.section];
      body.push(`<div class="section"><h3>Section ${roman(s.section)}${name ? ` · ${e(name)}` : ''}</h3>`);
      section = s.section;
    }
    body.push(sentenceHtml(s, input));
  }
  if (section !== null) body.push('</div>');
  body.push('</div>');
  return documentHtml(cantoHeading(canto, info?.name ?? ''), body.join(''));
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
.canto h2 { text-align: center; font-size: 15pt; margin: 0 0 8mm; }
.canto h2 .name { font-size: 12pt; font-style: italic; font-weight: 400; }
.section h3 { font-size: 11pt; text-align: center; margin: 6mm 0 4mm; letter-spacing: .04em; }
.sentence { position: relative; margin: 0 0 3.5mm; padding-left: 10mm; }
.section h3, .canto h2 { margin-left: 10mm; }
.num { position: absolute; left: 0; width: 7mm; text-align: right; font-size: 8pt; color: #555; top: .2em; font-variant-numeric: tabular-nums; }
.verse { break-inside: avoid; }
.line { margin: 0; padding-left: 1.6em; text-indent: -1.6em; break-inside: avoid; }
.layer { margin: 1.5mm 0 0 4mm; font-size: 9pt; break-inside: avoid; }
.layer h4 { font-size: 7.5pt; font-weight: 700; text-transform: uppercase; letter-spacing: .06em; color: #444; margin: 0 0 .5mm; }
.layer p { margin: 0 0 1mm; }
.layer .line { margin: 0; }
.layer.scansion .line { font-size: 8.5pt; letter-spacing: .02em; }
.layer.commentary, .layer.note { text-align: justify; hyphens: auto; }
[lang="zh-Hans"] .line { text-indent: 0; padding-left: 0; }
figure.painting { margin: 2mm 0 1mm 4mm; break-inside: avoid; text-align: center; }
figure.painting img { max-width: 100%; max-height: 55mm; }
.sentence-head { break-inside: avoid; }
.sentence > .verse { break-after: avoid; }
figure.painting figcaption { font-size: 8pt; font-style: italic; }
`;

/**
 * The running head Chromium prints on every page of a canto (templates cannot use the page's web
 * fonts, so it is set in the system's serif); page numbers are stamped once the parts are joined.
 */
export function runningHead(title: string): { headerTemplate: string; footerTemplate: string } {
  const style = "font-family: 'Noto Serif', serif; font-size: 7.5pt; color: #444; width: 100%; margin: 0 16mm 0 14mm;";
  return {
    headerTemplate: `<div style="${style} text-align: center; font-style: italic; padding-top: 8mm;">${e(title)}</div>`,
    footerTemplate: '<span></span>',
  };
}
