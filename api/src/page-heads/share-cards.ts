import type { LineInfoAnswer, SectionAnswer, ShareCardContent, TranslationAnswer } from '@epos/schemas';
import type { Site } from '@epos/schemas/api/site';
import { editionNames, type Edition, type Language } from '@epos/schemas/poem/editions';
import { scriptLang } from '@epos/schemas/poem/script-lang';
import { placeOf } from '../cite/csl-item.js';
import { translationOf } from '../poem/sentence-by-id.js';
import { sectionName } from './poem-heads.js';

/** Characters of text a card takes: a longer sentence is cut at a line, and the card fades it out. */
const CARD_CHARS = 700;

/** The first lines of `text` within the card's room (whole lines, at least one). */
export function cardText(text: string): string {
  const lines = text.trim().split('\n');
  let kept = lines[0]!.slice(0, CARD_CHARS);
  for (const line of lines.slice(1)) {
    if (kept.length + line.length + 1 > CARD_CHARS) return `${kept}\n…`;
    kept += `\n${line}`;
  }
  return kept;
}

const own = (text: string) => ({ text: cardText(text), lang: scriptLang(text) ?? 'en' });
const poemFooter = (site: Site, edition: Edition) => `${site.poemAuthor}, ${site.poemTitle} · ${editionNames[edition]} edition · ${site.siteName}`;

/** The card of a sentence's page: its words in the edition of the address, and the translation it names. */
export function sentenceCard(page: string, site: Site, sentence: LineInfoAnswer, edition: Edition, lang: Language | null): ShareCardContent {
  const translated = translationOf(sentence, lang);
  return {
    page,
    heading: `${placeOf(sentence)} · sentence ${sentence.lineNumber}`,
    main: own(sentence.lines),
    below: translated && lang ? { text: cardText(translated), lang, role: 'translation' } : null,
    footer: poemFooter(site, edition),
  };
}

/** The card of a section's page: where it stands and its opening sentence, with that sentence's translation when the address names one. */
export function sectionCard(
  page: string,
  site: Site,
  section: SectionAnswer,
  translations: readonly TranslationAnswer[],
  lang: Language | null,
): ShareCardContent {
  const part = section.customSection[0];
  const first = part?.customSection[0];
  const translated = first && translations.find((t) => t.SentenceNumber === first.lineNumber)?.Translated;
  return {
    page,
    heading: `${section.bookName} · ${section.cantoName} · ${sectionName(section)}`,
    main: own(first?.lines ?? site.poemTitle),
    below: translated && lang ? { text: cardText(translated), lang, role: 'translation' } : null,
    footer: poemFooter(site, section.Edition),
  };
}

/** The card of any other page: its title, its description below, and the site. */
export function pageCard(page: string, site: Site, head: { title: string; description: string }): ShareCardContent {
  const title = head.title.replace(/ — [^—]*$/, '');
  const description = head.description.trim();
  return {
    page,
    heading: site.siteName,
    main: own(title),
    below: description && description !== title ? { ...own(description), role: 'description' } : null,
    footer: site.poemTitle === site.siteName ? site.siteName : `${site.siteName} · ${site.poemTitle}`,
  };
}
