import type { SearchIndex } from '@epos/platform/search/port';
import type { SearchHit, SearchScope } from '@epos/schemas/search/documents';
import { SEARCH_DOWNLOAD_CAP } from '@epos/schemas/search/responses';

/** A poem hit's link carries the words, for the reader to highlight and scroll to them. */
export function withSearchTerm(hit: Pick<SearchHit, 'link' | 'sentence'>, q: string): string {
  if (hit.sentence === null) return hit.link;
  const [path, hash] = hit.link.split('#', 2) as [string, string | undefined];
  const joined = `${path}${path.includes('?') ? '&' : '?'}search=${encodeURIComponent(q)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** A snippet as plain text: the marks dropped and the escapes undone. */
export function snippetText(snippet: string): string {
  return snippet.replace(/<\/?mark>/g, '').replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);
}

/** One hit as a markdown block: its title as a heading, its reference, its text. */
export function hitBlock(hit: SearchHit, q: string): string {
  return `## ${hit.title}\n\n${withSearchTerm(hit, q)}\n\n${snippetText(hit.snippet)}\n`;
}

/**
 * Every hit of a scope, up to `cap`, as a markdown file, read `pageSize` hits at a time. At the cap
 * the file is a few megabytes, so it is answered whole (the spec's `{ fileName, file }`), saying so
 * when hits were left out.
 */
export async function searchFile(index: SearchIndex, query: { q: string; scope: SearchScope; phrase: boolean }, cap = SEARCH_DOWNLOAD_CAP, pageSize = 100): Promise<Buffer> {
  const blocks: string[] = [`# Search: ${query.q}\n`];
  let total = 0;
  let taken = 0;
  for (let page = 1; taken < cap; page++) {
    const result = await index.search({ ...query, page, pageSize });
    total = result.total;
    const hits = result.hits.slice(0, cap - taken);
    blocks.push(...hits.map((hit) => hitBlock(hit, query.q)));
    taken += hits.length;
    if (result.hits.length < pageSize) break;
  }
  if (total > taken) blocks.push(`_The first ${taken} of ${total} hits._\n`);
  return Buffer.from(blocks.join('\n'), 'utf8');
}
