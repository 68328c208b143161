import { createHash } from 'node:crypto';
import type { CollectionCreateSchema } from 'typesense/lib/Typesense/Collections.js';
import type { SearchDocument, SearchScope } from '@epos/schemas/search/documents';
import { MARK_START, MARK_STOP } from '../snippet.js';

/** A search document as Typesense holds it. */
export interface TypesenseDocument {
  /** Typesense's id: a hash of `ref`, so that ids can be listed in a filter whatever they hold. */
  id: string;
  ref: string;
  scope: SearchScope;
  language: string;
  title: string;
  /** Chinese text is kept in `text_zh`, which Typesense splits into words by its `zh` locale. */
  text: string;
  text_zh: string;
  link: string;
  sentence?: number;
  /** Poem order, the end of the poem for others; newest: publication time (ms), 0 for none. */
  ord: number;
  newest: number;
  author?: string;
  blog?: string;
  post?: string;
}

export interface TypesenseSuggestion {
  id: string;
  key: string;
  label: string;
  documents: number;
}

export const documentsCollection = (prefix: string, version: number) => `${prefix}_v${version}`;
export const suggestionsCollection = (prefix: string, version: number) => `${prefix}_v${version}_suggestions`;

export function documentsSchema(name: string): CollectionCreateSchema {
  return {
    name,
    fields: [
      { name: 'ref', type: 'string' },
      { name: 'scope', type: 'string', facet: true },
      { name: 'language', type: 'string' },
      { name: 'title', type: 'string', stem: true },
      { name: 'text', type: 'string', stem: true },
      { name: 'text_zh', type: 'string', locale: 'zh' },
      { name: 'link', type: 'string', index: false, optional: true },
      { name: 'sentence', type: 'int64', optional: true },
      { name: 'ord', type: 'int64' },
      { name: 'newest', type: 'int64' },
      { name: 'author', type: 'string', optional: true },
      { name: 'blog', type: 'string', optional: true },
      { name: 'post', type: 'string', optional: true },
    ],
  };
}

export function suggestionsSchema(name: string): CollectionCreateSchema {
  return {
    name,
    fields: [
      { name: 'key', type: 'string', sort: true },
      { name: 'label', type: 'string', index: false, optional: true },
      { name: 'documents', type: 'int32' },
    ],
  };
}

export function hashedId(value: string): string {
  return createHash('sha1').update(value).digest('hex');
}

const UNMARKED = new RegExp(`[${MARK_START}${MARK_STOP}]`, 'g');

export function toTypesense(document: SearchDocument): TypesenseDocument {
  const text = document.text.replace(UNMARKED, '');
  const chinese = document.language === 'zh';
  return {
    id: hashedId(document.id),
    ref: document.id,
    scope: document.scope,
    language: document.language,
    title: document.title.replace(UNMARKED, ''),
    text: chinese ? '' : text,
    text_zh: chinese ? text : '',
    link: document.link,
    ...(document.sentence === null ? {} : { sentence: document.sentence }),
    ord: document.order ?? Number.MAX_SAFE_INTEGER,
    newest: document.date === null ? 0 : Date.parse(document.date),
    ...(document.author === null ? {} : { author: document.author }),
    ...(document.blog === null ? {} : { blog: document.blog }),
    ...(document.post === null ? {} : { post: document.post }),
  };
}

/** A string value inside a filter_by expression. */
export function filterValue(value: string): string {
  return `\`${value.replaceAll('`', '')}\``;
}
