import { el, xmlDocument } from '../http/xml-writer.js';
import type { SitemapUrl } from './sitemap-urls.js';

/** The sitemaps protocol's limit of addresses in one file (sitemaps.org). */
export const URLS_PER_PART = 50_000;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** W3C datetime, to the second, in UTC. */
const w3c = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/** One part: `<urlset>` of absolute addresses, each with its `lastmod` when known. */
export function urlset(origin: string, urls: readonly SitemapUrl[]): string {
  return xmlDocument(
    el(
      'urlset',
      { xmlns: NS },
      ...urls.map((url) => el('url', {}, el('loc', {}, `${origin}${url.path}`), url.lastmod ? el('lastmod', {}, w3c(url.lastmod)) : null)),
    ),
  );
}

/** The index: each part's address and its newest `lastmod`. */
export function sitemapIndex(origin: string, parts: readonly { name: string; urls: readonly SitemapUrl[] }[]): string {
  const newest = (urls: readonly SitemapUrl[]) => urls.reduce<Date | null>((at, url) => (url.lastmod && (!at || url.lastmod > at) ? url.lastmod : at), null);
  return xmlDocument(
    el(
      'sitemapindex',
      { xmlns: NS },
      ...parts.map((part) => {
        const lastmod = newest(part.urls);
        return el('sitemap', {}, el('loc', {}, `${origin}/sitemap/${part.name}.xml`), lastmod ? el('lastmod', {}, w3c(lastmod)) : null);
      }),
    ),
  );
}
