import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';

/** An upload's key: the SHA-256 of its bytes in lower-case hex (the storage port's key). */
export const mediaHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 in lower-case hex');
/** One stream per distinct file: the same bytes uploaded twice are one stream, one upload. */
export const mediaStream = (hash: string) => `media-${hash}`;

export const uploadKinds = ['image', 'audio'] as const;
export const uploadKindSchema = z.enum(uploadKinds);
export type UploadKind = z.infer<typeof uploadKindSchema>;

const dimension = z.number().int().positive().max(1_000_000);

/** A file accepted into the media library (its type was read from its bytes, never from its name). */
export const mediaUploaded = defineEvent(
  'MediaUploaded',
  z.object({
    hash: mediaHashSchema,
    kind: uploadKindSchema,
    mime: z.string().min(1).max(100),
    /** The extension its URL ends with, from its type (png, jpg, gif, webp, mp3, ogg, wav, m4a). */
    ext: z.string().regex(/^[a-z0-9]{1,8}$/),
    size: z.number().int().nonnegative(),
    width: dimension.nullable(),
    height: dimension.nullable(),
    durationSeconds: z.number().nonnegative().nullable(),
    /** For display only: never a path. */
    originalName: z.string().max(300),
    /** User id, or the API key's actor for POST /api/Media. */
    uploader: z.string().min(1).max(100),
  }),
);

export const derivativeSchema = z.object({
  hash: mediaHashSchema,
  mime: z.string().min(1).max(100),
  ext: z.string().regex(/^[a-z0-9]{1,8}$/),
  size: z.number().int().nonnegative(),
  width: dimension,
  height: dimension,
});
export type Derivative = z.infer<typeof derivativeSchema>;

/** An image's thumbnail and web size, re-encoded with no metadata (EXIF, GPS, XMP stripped). */
export const mediaDerivativesMade = defineEvent('MediaDerivativesMade', z.object({ hash: mediaHashSchema, thumb: derivativeSchema, web: derivativeSchema }));

/** Taken out of the library (it was used nowhere); the same bytes may be uploaded again. */
export const mediaRemoved = defineEvent('MediaRemoved', z.object({ hash: mediaHashSchema }));

/** Why the sweep took an upload out: used by nothing since it was uploaded, or no longer (its work was deleted or its link changed). */
export const sweepReasons = ['never-used', 'no-longer-used'] as const;
export const sweepReasonSchema = z.enum(sweepReasons);
export type SweepReason = z.infer<typeof sweepReasonSchema>;

/**
 * Taken out of the library by the storage sweep: nothing had used it for the grace period
 * (UNUSED_UPLOAD_GRACE_HOURS). Its file, thumbnail and web size are deleted after this event.
 */
export const uploadSwept = defineEvent(
  'UploadSwept',
  z.object({
    hash: mediaHashSchema,
    reason: sweepReasonSchema,
    /** Since when nothing used it: its upload, or the moment its last use ended. */
    unusedSince: z.iso.datetime({ offset: true }),
    /** The last thing that used it (a work's stream, a sentence's media), for no-longer-used. */
    lastUsedBy: z.string().max(200).nullable(),
    size: z.number().int().nonnegative(),
    uploader: z.string().min(1).max(100),
    originalName: z.string().max(300),
  }),
);

export const mediaStreamEvents = [mediaUploaded, mediaDerivativesMade, mediaRemoved, uploadSwept] as const;
export type MediaEvent = EventOf<typeof mediaStreamEvents>;
/** What an upload's MediaUploaded event says of it. */
export type UploadFacts = z.infer<(typeof mediaUploaded)['schema']>;
export const mediaEvents = mediaStreamEvents;
