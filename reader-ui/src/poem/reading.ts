/**
 * Pure reading logic: addresses of sections and sentences, editions and the
 * translations each one allows, the commentary menu's label and the hash target.
 * No DOM and no fetching here, so all of it is tested in node.
 */

import {
  editionNames,
  editions,
  languageNames,
  languages,
  translationEdition,
  translationFields,
  type Edition,
  type Language,
} from '@epos/schemas/poem/editions';

export type { Edition };
export const EDITIONS: readonly Edition[] = editions;
export const editionLabels = editionNames;

export type Lang = Language;
export const LANGS: readonly Lang[] = languages;
export const langLabels = languageNames;

/** Where a sentence (the /api/lineinfo Line) keeps each translation. */
export const langFields = translationFields;

/** How long a translator notice stays: 5 s, 7 s for Chinese (spec section 4). */
export function noticeMs(lang: Lang): number {
  return lang === 'zh' ? 7000 : 5000;
}

/** The translator notice shown when a translation is ticked. */
export function translatorNotice(lang: Lang): string {
  const edition = editionLabels[translationEdition[lang]];
  return lang === 'zh'
    ? 'Chinese translation (machine translated), made from the First edition.'
    : `${langLabels[lang]} translation, made from the ${edition} edition.`;
}

export function isEdition(value: unknown): value is Edition {
  return typeof value === 'string' && (EDITIONS as readonly string[]).includes(value);
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function editionForLanguage(lang: Lang): Edition {
  return translationEdition[lang];
}

/** The translation checkboxes enabled for an edition, in menu order. */
export function enabledLanguages(edition: Edition): Lang[] {
  return LANGS.filter((lang) => translationEdition[lang] === edition);
}

/**
 * The checkboxes that can be used. With no translation shown, every one (ticking
 * it forces its edition); once one is shown, only those of the current edition,
 * so the spec's two rules hold together.
 */
export function enabledCheckboxes(selected: readonly Lang[], edition: Edition): Lang[] {
  return visibleLanguages(selected, edition).length === 0 ? [...LANGS] : enabledLanguages(edition);
}

/** The ticked translations that the edition allows: what is shown. */
export function visibleLanguages(selected: readonly Lang[], edition: Edition): Lang[] {
  const enabled = enabledLanguages(edition);
  return LANGS.filter((lang) => selected.includes(lang) && enabled.includes(lang));
}

export interface TranslationChoice {
  readonly edition: Edition;
  readonly languages: Lang[];
}

/**
 * Ticking or unticking a translation. Ticking forces the translation's edition
 * and drops ticks that edition does not allow; unticking keeps the edition.
 */
export function chooseLanguage(selected: readonly Lang[], edition: Edition, lang: Lang, on: boolean): TranslationChoice {
  if (!on) return { edition, languages: selected.filter((l) => l !== lang) };
  const forced = editionForLanguage(lang);
  const kept = visibleLanguages(selected, forced);
  return { edition: forced, languages: LANGS.filter((l) => l === lang || kept.includes(l)) };
}

/** Changing the edition from the dropdown: ticks it does not allow are dropped. */
export function chooseEdition(selected: readonly Lang[], edition: Edition): TranslationChoice {
  return { edition, languages: visibleLanguages(selected, edition) };
}

/**
 * The page title of a section: its name first (what tells tabs and history entries apart), then
 * its canto and book; "Section iv" for a section without a name.
 */
export function sectionTitle(section: { readonly SectionName: string; readonly srn: string } | undefined, cantoName: string, bookName: string): string {
  const name = section?.SectionName.trim() || (section ? `Section ${section.srn}` : '');
  return [name, cantoName.trim(), bookName.trim()].filter(Boolean).join(' · ');
}

export interface StudyLayerChoice {
  readonly key: string;
  readonly label: string;
}

/**
 * The "Works on {poem}" dropdown's label (spec section 4): with an option on, its
 * label (the latest one turned on, plus how many others are on); with none, the default.
 */
export function studyLayersLabel(options: readonly StudyLayerChoice[], on: readonly string[], defaultLabel: string): string {
  const active = on.filter((key) => options.some((o) => o.key === key));
  const latest = active.at(-1);
  const option = options.find((o) => o.key === latest);
  if (option === undefined) return defaultLabel;
  return active.length > 1 ? `${option.label} +${active.length - 1}` : option.label;
}

/** Toggles a key in an ordered list of what is on; turning on puts it last. */
export function toggleKey(on: readonly string[], key: string, value: boolean): string[] {
  const rest = on.filter((k) => k !== key);
  return value ? [...rest, key] : rest;
}

/**
 * Groups consecutive items by stanza, keeping their order. An item that runs across stanza
 * breaks (`stanzaBreaks`) ends in a later stanza than it began in: the items after it in that
 * stanza join its group (the breaks inside it are drawn within it).
 */
export function groupByStanza<T extends { readonly stanzaNumber: number | null; readonly stanzaBreaks?: readonly number[] }>(items: readonly T[]): T[][] {
  const groups: T[][] = [];
  let last: number | undefined;
  for (const item of items) {
    const current = groups.at(-1);
    if (current === undefined || item.stanzaNumber !== last) groups.push([item]);
    else current.push(item);
    last = (item.stanzaNumber ?? 0) + (item.stanzaBreaks?.length ?? 0);
  }
  return groups;
}

/** The text of a multi-line field, split into its lines (empty fields give none). */
export function splitLines(text: string | null | undefined): string[] {
  if (text === null || text === undefined || text.trim() === '') return [];
  return text.split('\n');
}
