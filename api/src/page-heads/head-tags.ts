import { escapeHtml } from '@epos/platform/markdown/index';
import type { Site } from '@epos/schemas/api/site';

/** Words of a description: search engines and cards show about this many characters. */
const DESCRIPTION_CHARS = 200;

/** JSON for a `<script>` element: `<`, `>`, `&` and the two JavaScript line separators escaped, so no text can end the element. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The first words of `text` on one line, cut at a word within the limit. */
export function describe(text: string, limit = DESCRIPTION_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), limit / 2))}…`;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

export interface PageHead {
  title: string;
  description: string;
  tags: string;
}

/** One breadcrumb of a page: a name and its address. */
export interface Crumb {
  name: string;
  item: string;
}

/**
 * The tags every page head carries, from what the page is: description, canonical address, Open
 * Graph and Twitter cards, then the page's own meta (`meta`, e.g. citation_* or article:*), links
 * (feeds, oEmbed) and JSON-LD (`jsonLd`, with its breadcrumb).
 */
export function headTags(input: {
  site: Site;
  title: string;
  description: string;
  url: string;
  type: 'article' | 'website';
  meta?: readonly (readonly [attribute: 'name' | 'property', key: string, content: string])[];
  links?: string[];
  jsonLd: Record<string, unknown>;
  breadcrumb: Crumb[];
}): PageHead {
  const { site, title, description, url } = input;
  const jsonLd = [
    { '@context': 'https://schema.org', ...input.jsonLd, url },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: input.breadcrumb.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, ...crumb })),
    },
  ];
  const tags = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', input.type),
    meta('property', 'og:site_name', site.siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(input.meta ?? []).map(([attribute, key, content]) => meta(attribute, key, content)),
    ...(input.links ?? []),
    ...jsonLd.map((item) => `<script type="application/ld+json">${scriptJson(item)}</script>`),
  ];
  return { title, description, tags: tags.join('\n    ') };
}

const SUMMARY_CARD = /<meta name="twitter:card" content="summary" \/>/;

/** The head with the page's share card as its Open Graph and Twitter image (a large card instead of the summary). */
export function withCardImage(head: PageHead, image: { url: string; width: number; height: number; alt: string }): PageHead {
  const tags = [
    meta('property', 'og:image', image.url),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(image.width)),
    meta('property', 'og:image:height', String(image.height)),
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:image', image.url),
  ];
  return { ...head, tags: head.tags.replace(SUMMARY_CARD, tags.join('\n    ')) };
}

/** The app's page shell with the page's own title and head tags in place of the shell's generic ones. */
export function shellWithHead(shell: string, page: PageHead): string {
  return shell.replace(/<meta name="description"[^>]*>\s*/, '').replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>\n    ${page.tags}`);
}
