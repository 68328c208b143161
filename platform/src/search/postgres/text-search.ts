import { sql, type RawBuilder } from 'kysely';
import { searchLanguages, type SearchLanguage } from '@epos/schemas/search/documents';

/**
 * The text-search configuration of each language: English with unaccent (migration 0008), the
 * French and German stemmers, and `simple` (lower-cased words, no stemming) where PostgreSQL has
 * no stemmer.
 */
const configurations: Record<SearchLanguage, string> = {
  en: 'public.epos_english',
  fr: 'pg_catalog.french',
  de: 'pg_catalog.german',
  sa: 'pg_catalog.simple',
  hi: 'pg_catalog.simple',
  or: 'pg_catalog.simple',
  zh: 'pg_catalog.simple',
};
/** The configurations a query is parsed with, and the languages each serves. */
export const queryConfigurations = [...new Set(Object.values(configurations))].map((configuration) => ({
  configuration,
  languages: searchLanguages.filter((l) => configurations[l] === configuration),
}));

const IDEOGRAPH = '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]';
const WORD_BREAK = '\u001f';
const IDEOGRAPHS = new RegExp(`${IDEOGRAPH}+`, 'gu');

/** `case <column> when 'en' then 'public.epos_english'::regconfig … end`: the configuration of a row's language. */
export function configurationOf(languageColumn: string): RawBuilder<unknown> {
  const cases = searchLanguages.map((l) => `when '${l}' then '${configurations[l]}'::regconfig`).join(' ');
  return sql.raw(`case ${languageColumn} ${cases} end`);
}

/**
 * Text as the parser should see it. Chinese and Japanese are written without spaces and `simple`
 * does not split them: each ideograph becomes a word of its own (between two unit separators,
 * which the parser skips and ts_headline leaves out), and a query's run of ideographs a phrase.
 * `<` and `&` stand in private-use characters, or ts_headline would drop what looks like a tag or
 * an entity; the highlight markers and the separator are removed from the text first.
 */
export function searchable(column: string): RawBuilder<unknown> {
  return sql.raw(
    `regexp_replace(translate(${column}, '<&${WORD_BREAK}\uE000\uE001\uE002\uE003', '\uE002\uE003'), '(${IDEOGRAPH})', '${WORD_BREAK}\\1${WORD_BREAK}', 'g')`,
  );
}

/** A snippet of `searchable` text back as plain text with the markers. */
export function unsearchable(text: string): string {
  return text.replaceAll(WORD_BREAK, '').replaceAll('\uE002', '<').replaceAll('\uE003', '&');
}

/**
 * The user's input as websearch_to_tsquery / phraseto_tsquery input: control characters dropped
 * (PostgreSQL refuses NUL), and each run of ideographs spelt as a phrase of single characters,
 * quoted unless it already stands inside quotes.
 */
export function queryText(input: string, phrase: boolean): string {
  // eslint-disable-next-line no-control-regex
  const text = input.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return text.replace(IDEOGRAPHS, (run, offset: number) => {
    const spaced = [...run].join(' ');
    const insideQuotes = (text.slice(0, offset).match(/"/g)?.length ?? 0) % 2 === 1;
    return phrase || insideQuotes ? ` ${spaced} ` : ` "${spaced}" `;
  });
}
