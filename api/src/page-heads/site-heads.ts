import type { SectionAnswer } from '@epos/schemas';
import type { Site } from '@epos/schemas/api/site';
import { describe, headTags, type Crumb, type PageHead } from './head-tags.js';

/** The site's first crumb: its home page. */
export const homeCrumb = (origin: string, site: Site): Crumb => ({ name: site.siteName, item: `${origin}/` });

/** A page that lists others (blogs, a blog's series or archive, an author's books): JSON-LD `CollectionPage`. */
export function collectionHead(origin: string, site: Site, page: { title: string; description: string; path: string; breadcrumb: Crumb[] }): PageHead {
  const url = `${origin}${page.path}`;
  const description = describe(page.description);
  return headTags({
    site,
    title: `${page.title} — ${site.siteName}`,
    description,
    url,
    type: 'website',
    jsonLd: { '@type': 'CollectionPage', name: page.title, description },
    breadcrumb: [homeCrumb(origin, site), ...page.breadcrumb, { name: page.title, item: url }],
  });
}

/** The home page: the poem, its author and its introduction; JSON-LD `WebSite` and the poem as a `Book`. */
export function homeHead(origin: string, site: Site): PageHead {
  const description = describe(
    site.poemIntroduction ?? `Read ${site.poemTitle} by ${site.poemAuthor}: by book, canto and section, with translations, notes and commentary.`,
  );
  return headTags({
    site,
    title: `${site.poemTitle} — ${site.siteName}`,
    description,
    url: `${origin}/`,
    type: 'website',
    jsonLd: {
      '@type': 'WebSite',
      name: site.siteName,
      description,
      mainEntity: { '@type': 'Book', name: site.poemTitle, author: { '@type': 'Person', name: site.poemAuthor }, url: `${origin}/1/1/1` },
    },
    breadcrumb: [homeCrumb(origin, site)],
  });
}

/** A section's editions side by side: canonical at the section itself (the compare view is a way of reading it, not another text). */
export function compareHead(origin: string, site: Site, section: string, answer: SectionAnswer): PageHead {
  const title = `${answer.bookName} · ${answer.cantoName}: the editions compared`;
  return headTags({
    site,
    title: `${title} — ${site.poemTitle}`,
    description: describe(
      `${site.poemTitle} by ${site.poemAuthor}, ${answer.bookName}, ${answer.cantoName}: the First, Centenary and Revised editions side by side.`,
    ),
    url: `${origin}${section}`,
    type: 'website',
    jsonLd: { '@type': 'WebPage', name: title },
    breadcrumb: [homeCrumb(origin, site), { name: title, item: `${origin}/compare${section}` }],
  });
}

/** The search page: its own title, and kept out of search engines' indexes (a page of results is the reader's query, as Sefaria's and Ghost's are). */
export function searchHead(origin: string, site: Site): PageHead {
  const url = `${origin}/search`;
  return headTags({
    site,
    title: `Search — ${site.siteName}`,
    description: describe(`Search ${site.poemTitle}, its translations, the blogs and the library.`),
    url,
    type: 'website',
    meta: [['name', 'robots', 'noindex, follow']],
    jsonLd: { '@type': 'SearchResultsPage', name: `Search — ${site.siteName}` },
    breadcrumb: [homeCrumb(origin, site), { name: 'Search', item: url }],
  });
}
