import { createHash } from 'node:crypto';
import { escapeHtml } from '@epos/platform/markdown/index';
import type { LineInfoAnswer } from '@epos/schemas';
import type { Site } from '@epos/schemas/api/site';
import { editionNames, languageNames, type Edition, type Language } from '@epos/schemas/poem/editions';
import { scriptLang } from '@epos/schemas/poem/script-lang';
import { placeOf } from '../cite/csl-item.js';
import { translationOf } from '../poem/sentence-by-id.js';

export const embedThemes = ['auto', 'light', 'dark'] as const;
type EmbedTheme = (typeof embedThemes)[number];

const STYLE = `:root{color-scheme:light dark;--bg:#fffdf8;--text:#1f1b16;--muted:#5c554a;--accent:#8a3b12;--border:#ddd4c4}
.dark{--bg:#1c1a17;--text:#ece6da;--muted:#b3aa9b;--accent:#e39a6b;--border:#3d3832}
@media (prefers-color-scheme:dark){.auto{--bg:#1c1a17;--text:#ece6da;--muted:#b3aa9b;--accent:#e39a6b;--border:#3d3832}}
html,body{margin:0;background:var(--bg);color:var(--text)}
body{font:1.05rem/1.6 'Iowan Old Style','Palatino Linotype',Palatino,Georgia,'Noto Serif','Noto Serif Devanagari','Noto Sans Oriya',serif;padding:1rem 1.25rem;border:1px solid var(--border);border-radius:.5rem;box-sizing:border-box;min-height:100vh}
figure{margin:0}blockquote{margin:0 0 .75rem}p{margin:0}.verse{white-space:pre-line}
.translation{color:var(--muted);border-left:2px solid var(--border);padding-left:.75rem}
.label{display:block;font:600 .75rem/1.4 system-ui,sans-serif;letter-spacing:.04em;text-transform:uppercase;color:var(--muted)}
figcaption{font:.85rem/1.5 system-ui,sans-serif;color:var(--muted)}a{color:var(--accent)}`;

/** The embed's Content-Security-Policy: its one stylesheet by hash, nothing else loaded, framed by any site. */
export const EMBED_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors *`;

export interface EmbeddedSentence {
  site: Site;
  sentence: LineInfoAnswer;
  url: string;
  edition: Edition;
  lang: Language | null;
  theme: EmbedTheme;
}

const verse = (text: string, lang: string | undefined, label?: string, className = '') =>
  `<blockquote${className ? ` class="${className}"` : ''}${lang ? ` lang="${lang}"` : ''}>${label ? `<span class="label">${escapeHtml(label)}</span>` : ''}<p class="verse">${escapeHtml(text)}</p></blockquote>`;

/** `/embed/s/{id}`: the sentence's verse, its translation when asked, and where it is from with a link back; no script, no cookie. */
export function embedPage({ site, sentence, url, edition, lang, theme }: EmbeddedSentence): string {
  const translation = translationOf(sentence, lang);
  const title = `Sentence ${sentence.lineNumber} — ${site.poemTitle}`;
  return `<!doctype html>
<html lang="en" class="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="canonical" href="${escapeHtml(url)}">
<style>${STYLE}</style>
</head>
<body>
<figure>
${verse(sentence.lines.trim(), scriptLang(sentence.lines))}
${translation !== null && lang !== null ? verse(translation, lang, languageNames[lang], 'translation') : ''}
<figcaption>— ${escapeHtml(site.poemAuthor)}, <cite>${escapeHtml(site.poemTitle)}</cite>, ${escapeHtml(`${placeOf(sentence)} (${editionNames[edition]} edition)`)} · <a href="${escapeHtml(url)}" target="_blank" rel="noopener">Read on ${escapeHtml(site.siteName)}</a></figcaption>
</figure>
</body>
</html>
`;
}

/** The caption's words, as long as it shows them (for its height). */
const captionLength = (site: Site, sentence: LineInfoAnswer, edition: Edition) =>
  `— ${site.poemAuthor}, ${site.poemTitle}, ${placeOf(sentence)} (${editionNames[edition]} edition) · Read on ${site.siteName}`.length;

/**
 * The height the embed needs at its width for its verse, translation and caption, so the iframe shows
 * it without scrolling: rows of about 9 px a character of verse (27 px high) and 7 px of caption (21 px).
 */
export function embedHeight({ site, sentence, edition, lang }: Pick<EmbeddedSentence, 'site' | 'sentence' | 'edition' | 'lang'>, width: number): number {
  const inner = width - 42;
  const rows = (text: string, perRow: number) => text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / perRow)), 0);
  const translation = translationOf(sentence, lang);
  const verseRows = rows(sentence.lines.trim(), Math.floor(inner / 9)) + (translation === null ? 0 : rows(translation, Math.floor(inner / 9)) + 1);
  const captionRows = Math.ceil(captionLength(site, sentence, edition) / Math.floor(inner / 7));
  return Math.round(34 + verseRows * 27 + 12 + captionRows * 21 + (translation === null ? 0 : 12));
}
