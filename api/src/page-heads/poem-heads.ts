import { escapeHtml } from '@epos/platform/markdown/index';
import type { LineInfoAnswer, SectionAnswer } from '@epos/schemas';
import type { Site } from '@epos/schemas/api/site';
import { describe, headTags, type Crumb, type PageHead } from './head-tags.js';

/** A section's name as its heads and cards say it: "Section IV: The Marsh", or its numeral alone. */
export function sectionName(section: SectionAnswer): string {
  const part = section.customSection[0];
  return part ? `Section ${part.srn}${part.SectionName && part.SectionName !== part.srn ? `: ${part.SectionName}` : ''}` : 'Section';
}

/** Where a section stands: its names, and the JSON-LD of it as a part of its canto, book and the poem. */
function sectionPlace(origin: string, site: Site, section: SectionAnswer) {
  const part = section.customSection[0];
  const name = sectionName(section);
  const where = `${section.bookName} · ${section.cantoName} · ${name}`;
  const url = `${origin}/${section.bookNumber}/${section.cantoNumber}/${part?.SectionNumber ?? 1}`;
  const poem = { '@type': 'Book', name: site.poemTitle, url: `${origin}/` };
  const book = { '@type': 'CreativeWork', name: section.bookName, position: section.bookNumber, isPartOf: poem };
  const canto = { '@type': 'CreativeWork', name: `${section.bookName} · ${section.cantoName}`, position: section.cantoNumber, isPartOf: book };
  const breadcrumb = [
    { name: site.poemTitle, item: `${origin}/` },
    { name: section.bookName, item: `${origin}/${section.bookNumber}/1/1` },
    { name: section.cantoName, item: `${origin}/${section.bookNumber}/${section.cantoNumber}/1` },
    { name, item: url },
  ];
  return { part, name, where, url, canto, breadcrumb };
}

/** The head of a part of the poem: its citation meta (Highwire, as Zotero reads it) and its JSON-LD with the poem's author. */
function poemPartHead(input: {
  site: Site;
  title: string;
  citationTitle: string;
  description: string;
  url: string;
  work: Record<string, unknown>;
  breadcrumb: Crumb[];
  links?: string[];
}): PageHead {
  const { site, url } = input;
  return headTags({
    ...input,
    type: 'article',
    jsonLd: { ...input.work, inLanguage: 'en', author: { '@type': 'Person', name: site.poemAuthor } },
    meta: [
      ['name', 'citation_title', input.citationTitle],
      ['name', 'citation_book_title', site.poemTitle],
      ['name', 'citation_author', site.poemAuthor],
      ['name', 'citation_public_url', url],
      ...(site.poemTextSince ? [['name', 'citation_online_date', site.poemTextSince.replaceAll('-', '/')] as const] : []),
    ],
  });
}

/**
 * The head of a section's page (`path`: its address, the edition's suffix included): described by
 * its first sentence; JSON-LD the section as a part of its canto, book and the poem, with its position.
 */
export function sectionHead(origin: string, path: string, site: Site, section: SectionAnswer): PageHead {
  const place = sectionPlace(origin, site, section);
  const url = `${origin}${path}`;
  return poemPartHead({
    site,
    title: `${place.where} — ${site.poemTitle}`,
    citationTitle: place.where,
    description: describe(place.part?.customSection[0]?.lines ?? site.poemIntroduction ?? site.poemTitle),
    url,
    work: { '@type': 'CreativeWork', name: place.where, position: place.part?.SectionNumber, isPartOf: place.canto },
    breadcrumb: [...place.breadcrumb.slice(0, 3), { name: place.name, item: url }],
  });
}

/** The head of a sentence's page, at its permanent link (`id`) whatever number it was reached by: described by its own words. */
export function sentenceHead(origin: string, id: number, site: Site, sentence: LineInfoAnswer, section: SectionAnswer): PageHead {
  const place = sectionPlace(origin, site, section);
  const url = `${origin}/s/${id}`;
  const name = `Sentence ${sentence.lineNumber}`;
  return poemPartHead({
    site,
    title: `${name} · ${place.where} — ${site.poemTitle}`,
    citationTitle: `${place.where}, sentence ${sentence.lineNumber}`,
    description: describe(sentence.lines),
    url,
    work: {
      '@type': 'CreativeWork',
      name: `${name} · ${place.where}`,
      position: sentence.lineNumber,
      text: sentence.lines,
      isPartOf: { '@type': 'CreativeWork', name: place.where, url: place.url, isPartOf: place.canto },
    },
    breadcrumb: [...place.breadcrumb, { name, item: url }],
    links: [
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(`${origin}/oembed?url=${encodeURIComponent(url)}`)}" title="${escapeHtml(name)}" />`,
    ],
  });
}
