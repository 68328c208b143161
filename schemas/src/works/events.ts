import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';
import { positiveInt } from '../poem/vocabulary.js';

export const workStream = (workId: string) => `work-${workId}`;

/**
 * What a reader's work is. `text`: an annotation in markdown. `audio`: a recording (uploaded to the
 * media library, or a link). `video`: a YouTube video. `rts`: a reference to scholarship on the
 * lines (an article, a thesis, a book chapter) given as a link. `slps`: slides of a lecture or
 * presentation on the lines, given as a link.
 */
export const workTypes = ['text', 'audio', 'video', 'rts', 'slps'] as const;
export const workTypeSchema = z.enum(workTypes, { message: `TypeOf: one of ${workTypes.join(', ')}` });
export type WorkType = z.infer<typeof workTypeSchema>;

export const MAX_WORK_SENTENCES = 20;
export const MAX_ANNOTATION_LENGTH = 20_000;
export const MAX_CAPTION_LENGTH = 2_000;

/** A work at one revision: text is markdown for annotations and a caption otherwise; url only for the linked types. */
export const workContentSchema = z.object({
  type: workTypeSchema,
  description: z.string().max(MAX_ANNOTATION_LENGTH),
  url: z.string().max(2000).nullable(),
});
export type WorkContent = z.infer<typeof workContentSchema>;

const workId = z.uuid();
/** The sentences' permanent ids (their running numbers may change). */
const sentences = z.array(positiveInt('sentence')).min(1).max(MAX_WORK_SENTENCES);

export const workAdded = defineEvent('WorkAdded', z.object({ workId, userId: z.uuid(), sentences, content: workContentSchema }));
export const workEdited = defineEvent('WorkEdited', z.object({ workId, sentences, content: workContentSchema }));
export const workDeleted = defineEvent('WorkDeleted', z.object({ workId }));
/** Moderation: a hidden work is listed to administrators only. */
export const workHidden = defineEvent('WorkHidden', z.object({ workId }));
export const workShown = defineEvent('WorkShown', z.object({ workId }));

export const workEvents = [workAdded, workEdited, workDeleted, workHidden, workShown] as const;
export type WorkEvent = EventOf<typeof workEvents>;
