import type { EditablePost, PostText } from './post-form-model';

/** Readers of the blogs API's answers (docs/blogs-api.md): loose about extras, strict about what the editor needs. */

type Rec = Record<string, unknown>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

function toText(r: Rec): PostText {
  return {
    title: str(r.title) ?? '',
    subtitle: str(r.subtitle) ?? '',
    series_title: str(r.series_title) ?? '',
    excerpt: str(r.excerpt) ?? '',
    md_content: str(r.md_content) ?? '',
  };
}

export function toEditablePost(body: unknown): EditablePost | null {
  if (!isRecord(body)) return null;
  const id = nonEmpty(body.id);
  const blog = nonEmpty(body.blog_id);
  if (id === undefined || blog === undefined) return null;
  const autosave = isRecord(body.autosave) && nonEmpty(body.autosave.at) !== undefined ? { ...toText(body.autosave), at: str(body.autosave.at) ?? '' } : null;
  return {
    ...toText(body),
    id,
    blog_id: blog,
    url: str(body.url) ?? '',
    status: num(body.status) ?? null,
    isPublished: bool(body.isPublished) ?? null,
    isScheduled: bool(body.isScheduled) ?? null,
    draft: bool(body.draft) ?? null,
    published_at: nonEmpty(body.published_at) ?? null,
    created_at: nonEmpty(body.created_at) ?? null,
    revision: num(body.revision) ?? null,
    autosave,
  };
}

/** A post read by its address (GET /api/blogs/{blog}/{url}): the editor needs its id. */
export function toPostId(body: unknown): string | null {
  return isRecord(body) ? (nonEmpty(body.id) ?? null) : null;
}

export interface SaveAnswer {
  readonly id: string | null;
  readonly url: string | null;
  readonly revision: number | null;
  readonly message: string | undefined;
  readonly redirect: string | null;
}

export function toSaveAnswer(body: unknown): SaveAnswer {
  const r = isRecord(body) ? body : {};
  return {
    id: nonEmpty(r.id) ?? null,
    url: nonEmpty(r.url) ?? null,
    revision: num(r.revision) ?? null,
    message: nonEmpty(r.message),
    redirect: nonEmpty(r.redirect) ?? null,
  };
}

export function toGeneratedUrl(body: unknown): { url: string; message: string | undefined } | null {
  if (!isRecord(body)) return null;
  const url = nonEmpty(body.url);
  return url === undefined ? null : { url, message: nonEmpty(body.message) };
}

export function toAutosaveAnswer(body: unknown): { saved: boolean; at: string | null } {
  if (!isRecord(body)) return { saved: false, at: null };
  return { saved: body.saved !== false, at: nonEmpty(body.at) ?? null };
}

export interface RevisionInfo {
  readonly revision: number;
  readonly at: string;
  readonly kind: string;
  readonly author: string;
  readonly title: string;
  readonly words: number | null;
}

export function toRevisions(body: unknown): RevisionInfo[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((r) => {
    if (!isRecord(r)) return [];
    const revision = num(r.revision);
    if (revision === undefined) return [];
    return [{ revision, at: str(r.at) ?? '', kind: str(r.kind) ?? '', author: str(r.author) ?? '', title: str(r.title) ?? '', words: num(r.words) ?? null }];
  });
}

export interface RevisionText extends PostText {
  readonly revision: number;
  readonly at: string;
}

export function toRevisionText(body: unknown): RevisionText | null {
  if (!isRecord(body)) return null;
  const revision = num(body.revision);
  return revision === undefined ? null : { ...toText(body), revision, at: str(body.at) ?? '' };
}

export function toRestoreAnswer(body: unknown): { revision: number | null; message: string | undefined } {
  const r = isRecord(body) ? body : {};
  return { revision: num(r.revision) ?? null, message: nonEmpty(r.message) };
}

export interface ListItem {
  readonly id: string;
  readonly url: string;
  readonly title: string;
  readonly subtitle: string;
  readonly series_title: string;
  readonly author: string;
  readonly blog: string;
  /** When a scheduled post goes out (ISO). */
  readonly publish_at: string | null;
  readonly updated_at: string | null;
}

export interface ListPage {
  readonly title: string;
  readonly items: readonly ListItem[];
  readonly page: number;
  readonly pages: number;
}

export function toListPage(body: unknown, blog: string): ListPage {
  const r = isRecord(body) ? body : {};
  const paging = isRecord(r.Paging) ? r.Paging : {};
  const items = (Array.isArray(r.bcontent) ? r.bcontent : []).flatMap((p): ListItem[] => {
    if (!isRecord(p)) return [];
    const url = nonEmpty(p.url);
    if (url === undefined) return [];
    return [
      {
        id: str(p.id) ?? url,
        url,
        title: str(p.title) ?? url,
        subtitle: str(p.subtitle) ?? '',
        series_title: str(p.series_title) ?? '',
        author: str(p.author) ?? '',
        blog: nonEmpty(p.blog) ?? blog,
        publish_at: nonEmpty(p.publish_at) ?? nonEmpty(p.published_at) ?? null,
        updated_at: nonEmpty(p.updated_at) ?? null,
      },
    ];
  });
  const page = num(paging.CurrentPage) ?? 1;
  return { title: str(r.title) ?? blog, items, page, pages: Math.max(page, num(paging.TotalPagesCount) ?? page) };
}

/** The series titles of a blog (GET /api/blogs/{blog}/series), for the series field's suggestions. */
export function toSeriesTitles(body: unknown): string[] {
  if (!isRecord(body) || !Array.isArray(body.sd)) return [];
  const titles = body.sd.flatMap((s) => (isRecord(s) && nonEmpty(s.slugUrl) !== undefined ? [String(s.slugUrl)] : []));
  return Array.from(new Set(titles));
}
