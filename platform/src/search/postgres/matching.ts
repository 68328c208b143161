import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SearchLanguage, SearchQuery, SearchScope } from '@epos/schemas/search/documents';
import { queryConfigurations, queryText } from './text-search.js';
import { FILTERED_SEARCH_SCOPES } from '../counts.js';

/** The languages whose configurations read the input as the same tsquery. */
export interface QueryGroup {
  languages: SearchLanguage[];
  tsquery: string;
}

/**
 * Parses the input with each configuration once and groups the languages that read it alike (an
 * unstemmed word is the same query everywhere): matching then needs one GIN lookup per group and
 * no per-row recheck. A configuration that finds nothing to search (stop words only) drops out.
 */
export async function parseQuery<DB>(db: Kysely<DB>, query: Pick<SearchQuery, 'q' | 'phrase'>): Promise<QueryGroup[]> {
  const parse = sql.raw(query.phrase ? 'phraseto_tsquery' : 'websearch_to_tsquery');
  const text = queryText(query.q, query.phrase);
  const columns = queryConfigurations.map(({ configuration }, i) => sql`${parse}(${configuration}::regconfig, ${text})::text as ${sql.id(`c${i}`)}`);
  const { rows } = await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(db);
  const groups = new Map<string, SearchLanguage[]>();
  queryConfigurations.forEach(({ languages }, i) => {
    const tsquery = rows[0]?.[`c${i}`] ?? '';
    if (tsquery !== '') groups.set(tsquery, [...(groups.get(tsquery) ?? []), ...languages]);
  });
  return [...groups].map(([tsquery, languages]) => ({ tsquery, languages }));
}

const inLanguages = (languages: readonly SearchLanguage[]) => sql`d.language in (${sql.join(languages)})`;

/** The tsquery of a row's language (`d`), for ranking and highlighting; `form` rewrites each group's. */
export function rowQuery(groups: readonly QueryGroup[], form: (tsquery: string) => string = (q) => q): RawBuilder<unknown> {
  if (groups.length === 1) return sql`${form(groups[0]!.tsquery)}::tsquery`;
  return sql`case ${sql.join(
    groups.map((g) => sql`when ${inLanguages(g.languages)} then ${form(g.tsquery)}::tsquery`),
    sql` `,
  )} end`;
}

/** A tsquery's text as PostgreSQL prints it: quoted lexemes (with their `:*AB` marks), operators, brackets. */
const TSQUERY_TOKEN = /'(?:[^']|'')*'(?::[*A-D]+)?|[()!]/g;

/**
 * Any of the query's words (`'a' | 'b' …`), leaving out what it negates: what a snippet marks,
 * without asking the headline to find the span holding the whole query.
 */
export function anyWordOf(tsquery: string): string {
  const words = new Set<string>();
  const negatedGroups: boolean[] = [];
  let negateNext = false;
  for (const [token] of tsquery.matchAll(TSQUERY_TOKEN)) {
    if (token === '!') negateNext = !negateNext;
    else if (token === '(') {
      negatedGroups.push(negateNext || negatedGroups.at(-1) === true);
      negateNext = false;
    } else if (token === ')') negatedGroups.pop();
    else {
      if (!negateNext && negatedGroups.at(-1) !== true) words.add(token);
      negateNext = false;
    }
  }
  return words.size === 0 ? tsquery : [...words].join(' | ');
}

/** `<documents> d where …`: the documents of one scope matching the query in their own language, and the filters. */
export function matchingDocuments(
  schema: string,
  groups: readonly QueryGroup[],
  query: Pick<SearchQuery, 'author' | 'blog'>,
  scope: SearchScope,
): RawBuilder<unknown> {
  const matches = groups.map((g) =>
    g.languages.length === queryConfigurations.flatMap((c) => c.languages).length
      ? sql`d.vector @@ ${g.tsquery}::tsquery`
      : sql`(${inLanguages(g.languages)} and d.vector @@ ${g.tsquery}::tsquery)`,
  );
  // A literal, so that the plan is made for the scope's own partition and statistics.
  const conditions = [sql`d.scope = ${sql.lit(scope)}`, matches.length === 0 ? sql`false` : sql`(${sql.join(matches, sql` or `)})`];
  if (FILTERED_SEARCH_SCOPES.includes(scope)) {
    if (query.author !== undefined) conditions.push(sql`d.author = ${query.author}`);
    if (query.blog !== undefined) conditions.push(sql`d.blog = ${query.blog}`);
  }
  return sql`${sql.id(schema, 'documents')} d where ${sql.join(conditions, sql` and `)}`;
}
