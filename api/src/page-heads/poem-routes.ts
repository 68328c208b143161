import {
  editionSchema,
  type LineInfoAnswer,
  type SectionAnswer,
  type SentenceIdentityAnswer,
  type ShareCardContent,
  type TranslationAnswer,
} from '@epos/schemas';
import { languagesFromSearch } from '@epos/schemas/poem/address-languages';
import { sectionReadUrl } from '@epos/schemas/poem/reader-urls';
import { shownEdition, type Language } from '@epos/schemas/poem/editions';
import type { Site } from '@epos/schemas/api/site';
import type { ApiDeps } from '../deps.js';
import { sentenceIdOf } from '../poem/sentence-by-id.js';
import type { PageHead } from './head-tags.js';
import { compareHead, homeHead, searchHead } from './site-heads.js';
import { sectionHead, sentenceHead } from './poem-heads.js';
import { sectionCard, sentenceCard } from './share-cards.js';
import type { PageRoute, PageSources } from './page-route.js';

interface ContentsIndex {
  books: { book: number }[];
}

/** The poem's pages: the home page, sections, sentences (by number and permanent link), compare and search. */
export function poemRoutes(sources: PageSources, deps: ApiDeps): PageRoute[] {
  const { origin, read, withSite } = sources;
  const section = (m: RegExpExecArray) => `/${m.slice(1, 4).map(Number).join('/')}`;

  async function sectionHeadOf(own: string, edition: string): Promise<PageHead | null> {
    const answer = await read<SectionAnswer>(`/api/sbook/${own.slice(1).split('/').slice(0, 3).join('/')}?edition=${edition}`);
    return answer && withSite((site) => sectionHead(origin, own, site, answer));
  }

  /** A sentence's head, at its permanent link whichever way it was reached; null when withdrawn or unknown. */
  async function sentenceHeadOf(by: { id: number } | { n: number }): Promise<PageHead | null> {
    const id = 'id' in by ? by.id : await sentenceIdOf(deps, by.n);
    const n = 'n' in by ? by.n : ((await read<SentenceIdentityAnswer>(`/api/s/${by.id}`))?.sentence ?? null);
    if (id === null || n === null) return null;
    const sentence = await read<LineInfoAnswer>(`/api/lineinfo/${n}`);
    if (!sentence) return null;
    const part = await read<SectionAnswer>(sectionReadUrl(sentence.bookNumber, sentence.cantoNumber, sentence.sectionNumber, 'first'));
    return part && withSite((site) => sentenceHead(origin, id, site, sentence, part));
  }

  /** The one translation a card shows: the first the address names. */
  const cardLanguage = (query: URLSearchParams): Language | null => languagesFromSearch(`?${query.toString()}`)?.[0] ?? null;

  async function sectionCardOf(m: RegExpExecArray, page: string, query: URLSearchParams): Promise<ShareCardContent | null> {
    const lang = cardLanguage(query);
    const [answer, translations, site] = await Promise.all([
      read<SectionAnswer>(`/api/sbook${section(m)}?edition=${m[4] ?? 'first'}`),
      lang ? read<TranslationAnswer[]>(`/api/translation${section(m)}?lang=${lang}`) : [],
      read<Site>('/api/site'),
    ]);
    return answer && site && sectionCard(page, site, answer, translations ?? [], lang);
  }

  /** A sentence's card in the edition the address names (`?edition=`, else its translation's, else the First). */
  async function sentenceCardOf(n: number | null, page: string, query: URLSearchParams): Promise<ShareCardContent | null> {
    if (n === null) return null;
    const lang = cardLanguage(query);
    const asked = editionSchema.safeParse(query.get('edition'));
    const edition = shownEdition(asked.success ? asked.data : null, lang);
    const [sentence, site] = await Promise.all([read<LineInfoAnswer>(`/api/lineinfo/${n}?edition=${edition}`), read<Site>('/api/site')]);
    return sentence && site && sentenceCard(page, site, sentence, edition, lang);
  }

  return [
    {
      // the home page shows the recent posts and the blogs beside the poem
      pattern: /^\/$/,
      reads: 'home',
      key: () => '/',
      head: () => withSite((site) => homeHead(origin, site)),
      answers: async () => {
        const books = (await read<ContentsIndex>('/api/contents'))?.books ?? [];
        return ['/api/site', '/api/contents', ...books.map((b) => `/api/contents/${b.book}`), '/api/blogs/recent', '/api/blogs'];
      },
    },
    {
      // a section, in the First edition or another: /1/2/3, /1/2/3/revised
      pattern: /^\/(\d+)\/(\d+)\/(\d+)(?:\/(centenary|revised))?\/?$/,
      reads: 'poem',
      key: (m) => `${section(m)}${m[4] ? `/${m[4]}` : ''}`,
      head: (m) => sectionHeadOf(`${section(m)}${m[4] ? `/${m[4]}` : ''}`, m[4] ?? 'first'),
      answers: (m, languages) => {
        const [book] = m.slice(1, 2).map(Number);
        return [
          '/api/site',
          '/api/contents',
          `/api/contents/${book}`,
          `/api/sbook${section(m)}?edition=${m[4] ?? 'first'}`,
          ...languages.map((lang) => `/api/translation${section(m)}?lang=${lang}`),
        ];
      },
      card: sectionCardOf,
    },
    // a sentence by its running number (/12) or its permanent link (/s/7)
    {
      pattern: /^\/(\d+)\/?$/,
      reads: 'poem',
      key: (m) => `/${m[1]}`,
      head: (m) => sentenceHeadOf({ n: Number(m[1]) }),
      answers: (m) => ['/api/site', `/api/lineinfo/${Number(m[1])}`],
      card: (m, page, query) => sentenceCardOf(Number(m[1]), page, query),
    },
    {
      pattern: /^\/s\/(\d+)\/?$/,
      reads: 'poem',
      key: (m) => `/s/${m[1]}`,
      head: (m) => sentenceHeadOf({ id: Number(m[1]) }),
      answers: async (m) => {
        const found = (await read<SentenceIdentityAnswer>(`/api/s/${Number(m[1])}`))?.sentence;
        return ['/api/site', `/api/s/${Number(m[1])}`, ...(found ? [`/api/lineinfo/${found}`] : [])];
      },
      card: async (m, page, query) => sentenceCardOf((await read<SentenceIdentityAnswer>(`/api/s/${Number(m[1])}`))?.sentence ?? null, page, query),
    },
    {
      // the editions side by side (rendered in the browser: it reads each edition and their differences)
      pattern: /^\/compare\/(\d+)\/(\d+)\/(\d+)\/?$/,
      reads: 'poem',
      key: (m) => `/compare${section(m)}`,
      head: async (m) => {
        const answer = await read<SectionAnswer>(`/api/sbook${section(m)}?edition=first`);
        return answer && withSite((site) => compareHead(origin, site, section(m), answer));
      },
    },
    // the search page: its head only (results are the reader's own query, never indexed)
    { pattern: /^\/search\/?$/, reads: 'poem', key: () => '/search', head: () => withSite((site) => searchHead(origin, site)) },
  ];
}
