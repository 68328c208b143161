import { z } from 'zod';
import { editionSchema, languageSchema } from './vocabulary.js';

/**
 * Offline packs (issue 39): one canto in one edition, or one canto's sentences in one translation
 * language, as the very answers the reader asks for (keyed by their URLs), so a reader who has
 * downloaded it reads that canto with no connection. Content-addressed: `hash` changes exactly
 * when the pack's bytes do.
 */
export const packKindSchema = z.enum(['edition', 'translation']);

const packRef = z.object({
  book: z.number().int(),
  canto: z.number().int(),
  kind: packKindSchema,
  edition: editionSchema.optional().describe('For an edition pack'),
  lang: languageSchema.optional().describe('For a translation pack'),
});

/** GET /api/packs/{book}: every pack of a book, with its size and hash, for the Downloads page. */
export const packManifestAnswer = z.object({
  book: z.number().int(),
  /** The log position of the poem read model the packs were made from. */
  position: z.string(),
  packs: z.array(
    packRef.extend({
      url: z.string().describe('Where the pack is downloaded'),
      bytes: z.number().int().describe('Its size as JSON, uncompressed'),
      hash: z.string().describe('Content hash of the pack: it changes exactly when the pack does'),
      sections: z.number().int(),
    }),
  ),
});
export type PackManifestAnswer = z.infer<typeof packManifestAnswer>;
export type PackEntry = PackManifestAnswer['packs'][number];

/** GET /api/packs/{book}/{canto}?edition= or ?lang=: the pack, its answers keyed by the URLs the reader reads them at. */
export const packAnswer = packRef.extend({
  answers: z.record(z.string(), z.unknown()),
});
export type PackAnswer = z.infer<typeof packAnswer>;
