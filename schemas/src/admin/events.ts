import { z } from 'zod';
import { wordChangeAnswer } from '../poem/responses.js';
import { languageSchema, layerKeySchema } from '../poem/vocabulary.js';

/** The record an event belongs to, when the console has a page for it. */
export const recordLink = z.object({ resource: z.string(), id: z.string() }).nullable();

/** One event of the audit log (GET /admin-api/events). */
export const adminEventAnswer = z.object({
  id: z.string().describe('Its position in the log'),
  streamId: z.string(),
  kind: z.string().describe('The stream kind: sentence, post, user, blog, comments, suggestion…'),
  revision: z.string(),
  type: z.string(),
  words: z.string().describe('The type in words'),
  actor: z.string(),
  actorName: z.string(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  occurredAt: z.string(),
  record: recordLink,
});
export type AdminEventAnswer = z.infer<typeof adminEventAnswer>;
export const adminEventsAnswer = z.array(adminEventAnswer);

/** One event with its data, as stored (personal fields stay sealed). */
export const adminEventDetailAnswer = adminEventAnswer.extend({ data: z.unknown() });

/** Unchanged words left out of a long diff between two changes (the rest of a post around a corrected word). */
export const skippedWordsAnswer = z.object({ op: z.literal('skip'), words: z.number().int().positive() });
export const historyDiffPart = z.union([wordChangeAnswer, skippedWordsAnswer]);
export type HistoryDiffPart = z.infer<typeof historyDiffPart>;

export const fieldChangeAnswer = z.object({
  field: z.string().describe('The machine name of what changed, as the event data names it ("content.title", "first.lines")'),
  label: z.string().describe('What the screens call it ("Title", "First edition")'),
  before: z.unknown(),
  after: z.unknown(),
  beforeText: z.string().nullable().describe('The earlier value as a person reads it; null when the field had none before this event (a creation)'),
  afterText: z.string().nullable().describe('The value as a person reads it; null when the event cleared it'),
  diff: z
    .array(historyDiffPart)
    .nullable()
    .describe('A word diff for text (markdown, verse, notes) changed from an earlier value, long unchanged runs skipped'),
});
export type FieldChangeAnswer = z.infer<typeof fieldChangeAnswer>;

/** GET /admin-api/history?streamId=…: the record's stream, newest first, with what each event changed. */
export const historyEntryAdminAnswer = adminEventAnswer.omit({ record: true }).extend({ changes: z.array(fieldChangeAnswer) });
export type HistoryEntryAdminAnswer = z.infer<typeof historyEntryAdminAnswer>;
export const streamHistoryAnswer = z.array(historyEntryAdminAnswer);
/**
 * One record among others in a stream: a sentence's translation into one language (its
 * TranslationSet events), or one commentary layer of the poem stream (the events about it).
 */
export const historyRecord = z.union([z.templateLiteral(['translation:', languageSchema]), z.templateLiteral(['layer:', layerKeySchema])], {
  message: 'record: expected translation:<language> or layer:<layer key>',
});
export type HistoryRecord = z.infer<typeof historyRecord>;
export const streamHistoryQuery = z.object({
  streamId: z.string().min(1).max(300),
  record: historyRecord.optional().describe("Only this record's events: translation:<lang> in a sentence's stream, layer:<key> in the poem's"),
  range: z.string().max(100).optional().describe('[first,last] of the entries newest first, both inclusive; [0,49] when not given; the total in Content-Range'),
});
