import { POST_STATUS, type PostStatus } from '@epos/schemas/blogs/post-status';
import type { Issue } from '../../ui/form-issues';
import { blogMessages } from './messages';

/** Post status (spec section 4): 0 publish now (or published), 1 scheduled, 2 draft. */
export { POST_STATUS, type PostStatus };

/** The text of a post: what autosave keeps and revisions hold. */
export interface PostText {
  readonly title: string;
  readonly subtitle: string;
  readonly series_title: string;
  readonly excerpt: string;
  readonly md_content: string;
}

const POST_TEXT_FIELDS = ['title', 'subtitle', 'series_title', 'excerpt', 'md_content'] as const satisfies readonly (keyof PostText)[];

/** The post form's values. `publish_at` is a local "YYYY-MM-DDTHH:mm" (a datetime-local input's value). */
export interface PostFormValues extends PostText {
  readonly blog_id: string;
  readonly status: PostStatus | null;
  readonly publish_at: string;
}

/** Form fields that can be marked invalid, in form order (the first invalid one gets focus). */
export const POST_FIELDS = ['blog_id', 'title', 'series_title', 'md_content', 'status', 'publish_at'] as const;
export type PostField = (typeof POST_FIELDS)[number];

export const EMPTY_TEXT: PostText = { title: '', subtitle: '', series_title: '', excerpt: '', md_content: '' };

export function emptyForm(blog: string): PostFormValues {
  return { ...EMPTY_TEXT, blog_id: blog, status: POST_STATUS.published, publish_at: '' };
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const blank = (value: string) => value.trim() === '';

/**
 * The spec's post check (section 5): blog, title, series title, content and status
 * are required, and a scheduled post needs its date and time. One message,
 * 'Fields marked with * are required', naming every missing field.
 */
export function validatePost(values: PostFormValues): Issue<PostField>[] {
  const missing: PostField[] = [];
  if (blank(values.blog_id)) missing.push('blog_id');
  if (blank(values.title)) missing.push('title');
  if (blank(values.series_title)) missing.push('series_title');
  if (blank(values.md_content)) missing.push('md_content');
  if (values.status === null) missing.push('status');
  if (values.status === POST_STATUS.scheduled && !LOCAL_DATE_TIME.test(values.publish_at)) missing.push('publish_at');
  return missing.length === 0 ? [] : [{ message: blogMessages.required, fields: missing }];
}

/** The body of POST /postdata/create (docs/blogs-api.md, PostPayload). */
export interface PostPayloadBody {
  readonly blog_id: string;
  readonly title: string;
  readonly subtitle: string;
  readonly series_title: string;
  readonly excerpt: string;
  readonly md_content: string;
  readonly status: PostStatus;
  readonly isPublished: boolean;
  readonly isScheduled: boolean;
  readonly draft: boolean;
  /** Only with status 1: local "YYYY-MM-DDTHH:mm", read in `time_zone`. */
  readonly published_at?: string;
  readonly time_zone?: string;
}

export interface UpdatePayloadBody extends PostPayloadBody {
  readonly id: string;
  readonly revision?: number;
}

/**
 * The payload for a valid form: the status and the spec's three flags that say the
 * same, and the schedule's local time with the writer's time zone (IANA name).
 */
export function buildPostPayload(values: PostFormValues, timeZone: string): PostPayloadBody {
  const status = values.status ?? POST_STATUS.published;
  const body: PostPayloadBody = {
    blog_id: values.blog_id.trim(),
    title: values.title.trim(),
    subtitle: values.subtitle.trim(),
    series_title: values.series_title.trim(),
    excerpt: values.excerpt.trim(),
    md_content: values.md_content,
    status,
    isPublished: status === POST_STATUS.published,
    isScheduled: status === POST_STATUS.scheduled,
    draft: status === POST_STATUS.draft,
  };
  return status === POST_STATUS.scheduled ? { ...body, published_at: values.publish_at, time_zone: timeZone } : body;
}

/** The update payload: the post's id and the revision the editor loaded (a newer one answers 409). */
export function buildUpdatePayload(values: PostFormValues, timeZone: string, id: string, revision: number | null): UpdatePayloadBody {
  const body = { ...buildPostPayload(values, timeZone), id };
  return revision === null ? body : { ...body, revision };
}

/** What the server says about a post's state (GET /postdata/edit). */
export interface PostFlags {
  readonly status?: number | null;
  readonly isPublished?: boolean | null;
  readonly isScheduled?: boolean | null;
  readonly draft?: boolean | null;
}

/** The status to preselect when editing: `status` when the server gives one, else the flags. */
export function statusFromFlags(post: PostFlags): PostStatus {
  if ((Object.values(POST_STATUS) as (number | null | undefined)[]).includes(post.status)) return post.status as PostStatus;
  if (post.isScheduled) return POST_STATUS.scheduled;
  if (post.draft) return POST_STATUS.draft;
  return POST_STATUS.published;
}

/** Whether the post is out already: then publishing now or scheduling are no longer offered. */
export function isAlreadyPublished(post: PostFlags | null): boolean {
  if (post === null) return false;
  if (typeof post.isPublished === 'boolean') return post.isPublished && statusFromFlags(post) === POST_STATUS.published;
  return statusFromFlags(post) === POST_STATUS.published;
}

export interface StatusOption {
  readonly value: PostStatus;
  readonly label: string;
}

/**
 * The status radios. A new, draft or scheduled post may be published now, scheduled
 * or kept as a draft; a published post stays published (updated) or goes back to draft.
 */
export function statusOptions(published: boolean): StatusOption[] {
  if (published) {
    return [
      { value: POST_STATUS.published, label: 'Published' },
      { value: POST_STATUS.draft, label: 'Revert to draft' },
    ];
  }
  return [
    { value: POST_STATUS.published, label: 'Publish now' },
    { value: POST_STATUS.scheduled, label: 'Schedule' },
    { value: POST_STATUS.draft, label: 'Draft' },
  ];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a datetime-local value in this browser's time zone: "YYYY-MM-DDTHH:mm". */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A server time (ISO with offset, or already local) as a datetime-local value; '' when there is none. */
export function isoToLocalInput(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  if (LOCAL_DATE_TIME.test(value.trim())) return value.trim();
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : toLocalInput(date);
}

/** A post as the editor loads it (GET /postdata/edit/{id}). */
export interface EditablePost extends PostText, PostFlags {
  readonly id: string;
  readonly blog_id: string;
  readonly url: string;
  readonly published_at: string | null;
  readonly created_at: string | null;
  readonly revision: number | null;
  readonly autosave: (PostText & { readonly at: string }) | null;
}

export function formFromPost(post: EditablePost): PostFormValues {
  const status = statusFromFlags(post);
  return {
    blog_id: post.blog_id,
    title: post.title,
    subtitle: post.subtitle,
    series_title: post.series_title,
    excerpt: post.excerpt,
    md_content: post.md_content,
    status,
    publish_at: status === POST_STATUS.scheduled ? isoToLocalInput(post.published_at) : '',
  };
}

export function textOf(values: PostText): PostText {
  return { title: values.title, subtitle: values.subtitle, series_title: values.series_title, excerpt: values.excerpt, md_content: values.md_content };
}

/** Whether two texts are the same (autosave's change check). */
export function sameText(a: PostText, b: PostText): boolean {
  return POST_TEXT_FIELDS.every((field) => a[field] === b[field]);
}

/** Nothing written yet: such a working copy is not worth keeping. */
export function isBlankText(text: PostText): boolean {
  return POST_TEXT_FIELDS.every((field) => text[field].trim() === '');
}

/** The server's field names from a 400 answer, as form fields (unknown names dropped). */
export function fieldsFromServer(names: readonly string[] | undefined): PostField[] {
  if (names === undefined) return [];
  const mapped = names.map((name) => (name === 'published_at' || name === 'time_zone' ? 'publish_at' : name));
  return POST_FIELDS.filter((field) => mapped.includes(field));
}

/**
 * The toast for a failed save: the server's own words for a refused payload (400)
 * or a newer revision (409), otherwise the spec's 'An error Occured'.
 */
export function saveFailureMessage(status: number, serverMessage: string | undefined): string {
  if ((status === 400 || status === 409) && serverMessage !== undefined && serverMessage.trim() !== '') return serverMessage;
  return blogMessages.failed;
}
