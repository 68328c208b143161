import type { SearchIndex } from '@epos/platform/search/port';
import type { SearchHit, SearchScope } from '@epos/schemas/search/documents';
import { SEARCH_DOWNLOAD_CAP } from '@epos/schemas/search/responses';
import { snippetText } from '@epos/schemas/search/snippet-parts';

/** A poem hit's link carries the words, for the reader to highlight and scroll to them. */
export function withSearchTerm(hit: Pick<SearchHit, 'link' | 'sentence'>, q: string): string {
  if (hit.sentence === null) return hit.link;
  const [path, hash] = hit.link.split('#', 2) as [string, string | undefined];
  const joined = `${path}${path.includes('?') ? '&' : '?'}search=${encodeURIComponent(q)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/** One hit as a markdown block: its title as a heading, its reference, its text. */
export function hitBlock(hit: SearchHit, q: string): string {
  return `## ${hit.title}\n\n${withSearchTerm(hit, q)}\n\n${snippetText(hit.snippet)}\n`;
}

/**
 * Every hit of a scope, up to `cap`, as markdown, read `pageSize` hits at a time (the other scopes
 * left uncounted), saying so when hits were left out.
 */
export async function* searchFileBlocks(
  index: SearchIndex,
  query: { q: string; scope: SearchScope; phrase: boolean },
  cap = SEARCH_DOWNLOAD_CAP,
  pageSize = 250,
): AsyncGenerator<string> {
  let taken = 0;
  let more = false;
  for (let page = 1; taken < cap; page++) {
    const result = await index.search({ ...query, page, pageSize, countOthers: false });
    const hits = result.hits.slice(0, cap - taken);
    yield `${page === 1 ? `# Search: ${query.q}\n` : ''}${hits.map((hit) => `\n${hitBlock(hit, query.q)}`).join('')}`;
    taken += hits.length;
    more = result.more || hits.length < result.hits.length;
    if (!result.more) break;
  }
  if (more) yield `\n_The first ${taken} hits; there are more._\n`;
}

/**
 * The spec's `{ fileName, file }` answer as JSON text, `file` the base64 of the blocks, written as
 * they come. The first block is read before anything is sent, so that a failing search still
 * answers with its error.
 */
export async function searchFileJson(fileName: string, blocks: AsyncGenerator<string>): Promise<AsyncGenerator<string>> {
  const first = await blocks.next();
  async function* all(): AsyncGenerator<string> {
    if (!first.done) yield first.value;
    yield* blocks;
  }
  async function* json(): AsyncGenerator<string> {
    yield `{"fileName":${JSON.stringify(fileName)},"file":"`;
    yield* base64Chunks(all());
    yield '"}';
  }
  return json();
}

/** Text chunks as base64 chunks of one whole: each chunk ends on a multiple of three bytes, the rest carried over. */
export async function* base64Chunks(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let carried = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const bytes = Buffer.concat([carried, Buffer.from(chunk, 'utf8')]);
    const whole = bytes.length - (bytes.length % 3);
    if (whole > 0) yield bytes.subarray(0, whole).toString('base64');
    carried = bytes.subarray(whole);
  }
  if (carried.length > 0) yield carried.toString('base64');
}
