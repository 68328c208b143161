import { z } from 'zod';
import { multilineText } from '../api/input.js';
import { layerKeySchema, partNameSchema } from '../poem/vocabulary.js';

const canto = { book: z.number().int().positive(), canto: z.number().int().positive() };
/** A canto's note as sent: what the importer refuses in a poem file is refused here too. */
const cantoNote = z.object({ ...canto, text: multilineText(100_000).nullable() });

/**
 * A commentary layer (id = its key), with its note on every canto (`name` is the canto's name;
 * `text` null where it has none). `version` is the poem structure's revision it was read at.
 */
export const adminLayerAnswer = z.object({
  id: z.string(),
  label: z.string(),
  author: z.string(),
  order: z.number().int(),
  version: z.string(),
  cantoNotes: z.array(z.object({ ...canto, text: z.string().nullable(), name: z.string() })),
});
export const adminLayersAnswer = z.array(adminLayerAnswer);

const layerFields = { label: partNameSchema, author: partNameSchema, order: z.number({ message: 'order must be a number' }).int().min(0) };
export const adminLayerCreate = z.object({ id: layerKeySchema, ...layerFields });
export const adminLayerUpdate = z.object({
  version: z.string().regex(/^\d+$/, 'version: expected the revision the record was read at'),
  ...layerFields,
  cantoNotes: z.array(cantoNote).max(10_000).default([]),
});
export const adminLayerParams = z.object({ id: layerKeySchema });
