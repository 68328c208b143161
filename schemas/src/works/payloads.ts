import { z } from 'zod';
import { multilineText, wholeNumber } from '../api/input.js';
import { isoMoment } from '../api/responses.js';
import { MAX_ANNOTATION_LENGTH, MAX_CAPTION_LENGTH, MAX_WORK_SENTENCES, workTypeSchema, type WorkContent } from './events.js';
import { workMessages } from './messages.js';
import { audioLinkOf, httpsLinkOf, videoIdOf, videoWatchUrl, type UrlCheck } from './urls.js';

/** "12, 13,14" → [12, 13, 14]: distinct positive whole numbers, in the order given. */
export function sentenceList(text: string): number[] | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.length > MAX_WORK_SENTENCES || parts.some((part) => !/^[1-9]\d{0,6}$/.test(part))) return null;
  return [...new Set(parts.map(Number))];
}

const sentenceNumberField = z
  .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string({ message: workMessages.sentences }).max(200, workMessages.sentences))
  .transform((text, ctx) => {
    const list = sentenceList(text);
    if (list === null) {
      ctx.addIssue({ code: 'custom', message: workMessages.sentences });
      return z.NEVER;
    }
    return list;
  });

function linkOf(type: WorkContent['type'], url: string): UrlCheck<string> {
  if (type === 'video') {
    const id = videoIdOf(url);
    return id.ok ? { ok: true, value: videoWatchUrl(id.value) } : id;
  }
  return type === 'audio' ? audioLinkOf(url) : httpsLinkOf(url);
}

/**
 * A work as the user works modal sends it (the spec's ContentSection fields): an annotation's
 * markdown in Description, or a link in Urlto with an optional caption.
 */
export const workForm = z
  .object({
    TypeOf: workTypeSchema,
    SentenceNumber: sentenceNumberField,
    Description: multilineText(MAX_ANNOTATION_LENGTH, `Description: at most ${MAX_ANNOTATION_LENGTH} characters`).optional().default(''),
    Urlto: z.string({ message: 'Urlto: expected text' }).max(4000, workMessages.urlRequired).optional().default(''),
  })
  .transform((form, ctx) => {
    const description = form.Description.trim();
    const url = form.Urlto.trim();
    if (form.TypeOf === 'text') {
      if (description === '') ctx.addIssue({ code: 'custom', path: ['Description'], message: workMessages.annotationRequired });
      if (url !== '') ctx.addIssue({ code: 'custom', path: ['Urlto'], message: workMessages.noUrlForText });
      return { sentences: form.SentenceNumber, content: { type: form.TypeOf, description, url: null } satisfies WorkContent };
    }
    if (description.length > MAX_CAPTION_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['Description'], message: `Description: a caption has at most ${MAX_CAPTION_LENGTH} characters` });
    if (url === '') {
      ctx.addIssue({ code: 'custom', path: ['Urlto'], message: workMessages.urlRequired });
      return z.NEVER;
    }
    const link = linkOf(form.TypeOf, url);
    if (!link.ok) {
      ctx.addIssue({ code: 'custom', path: ['Urlto'], message: link.reason });
      return z.NEVER;
    }
    return { sentences: form.SentenceNumber, content: { type: form.TypeOf, description, url: link.value } satisfies WorkContent };
  });
export type WorkForm = z.output<typeof workForm>;

const workIdField = z.uuid('id: expected a work id');
export const workIdParams = z.object({ id: workIdField });
export const worksPageQuery = z.object({ page: wholeNumber('page', { min: 1, max: 100_000 }).optional().default(1) });
export const worksParams = z.object({ a: workTypeSchema, b: wholeNumber('b', { min: 1, max: 10_000_000, message: 'b: expected a sentence number' }) });
export const worksByTypeParams = z.object({ a: workTypeSchema });
export const userProfileParams = z.object({ id: z.uuid('id: expected a user id') });

/**
 * One work as every list shows it; `Description` is sanitised HTML for an annotation, the caption as
 * text otherwise, and `captionHtml` that caption rendered as the annotations are (markdown, `||n||` links).
 */
export const workItem = z.object({
  id: z.string(),
  TypeOf: workTypeSchema,
  Description: z.string(),
  markdown: z.string().describe('The text as written (markdown for annotations), for editing'),
  captionHtml: z
    .string()
    .describe("A linked work's caption as sanitised HTML (markdown and ||n|| sentence links rendered); empty for annotations and works without a caption"),
  Urlto: z.string().describe('The link (a video as its watch URL); empty for annotations'),
  embedUrl: z.string().nullable().describe('Videos only: the youtube-nocookie.com embed address'),
  SentenceNumber: z.string().describe('The sentences it is on now, as a comma list'),
  author: z.object({ id: z.string().nullable().describe('Null once the account is erased'), name: z.string() }),
  addedAt: isoMoment,
  editedAt: isoMoment,
  hidden: z.boolean(),
  canEdit: z.boolean(),
  canHide: z.boolean(),
});
export type WorkItem = z.infer<typeof workItem>;

const paging = z.object({ CurrentPage: z.number(), TotalPagesCount: z.number(), Skip: z.number() });

/** `GET /api/works/{type}/{sentence}` and `GET /api/works/{type}`: the spec's user-works shape, a page at a time. */
export const worksAnswer = z.object({
  UserPage: z.string().describe("The type's label (Annotation, Audio, Video, …)"),
  UserField: z.string().describe('The sentence, or empty for every sentence'),
  ContentSection: z.array(workItem),
  Paging: paging,
  total: z.number(),
});
export type WorksAnswer = z.infer<typeof worksAnswer>;

export const workSavedAnswer = z.object({ id: z.string(), message: z.string() });
export const workMessageAnswer = z.object({ message: z.string() });

/** `GET /api/profile/{id}` (`/api/user/{id}` is the blogs' author archive): a reader's public profile: their works (a page at a time) and published posts. */
export const userProfileAnswer = z.object({
  id: z.string(),
  name: z.string(),
  works: z.array(workItem),
  Paging: paging,
  totalWorks: z.number(),
  posts: z.array(z.object({ url: z.string(), title: z.string(), blog: z.string(), published_at: isoMoment })),
});
export type UserProfileAnswer = z.infer<typeof userProfileAnswer>;

/** `POST /postdata/works/audio`: an uploaded recording's address, for Urlto. */
export const workAudioAnswer = z.object({ url: z.string(), message: z.string() });
