import { z } from 'zod';
import { editionSchema } from '../poem/vocabulary.js';

/** The styles a citation is formatted in, by their usual names. */
export const citationStyles = ['mla', 'chicago', 'apa'] as const;
export type CitationStyle = (typeof citationStyles)[number];

const formatted = z.object({
  text: z.string().describe('Plain text, to paste anywhere'),
  html: z.string().describe('The same with its italics (<i>) and link, escaped HTML'),
});

/** GET /api/cite/s/{id}: one sentence cited, pinned to its edition, the day it was read and its permanent link. */
export const citationAnswer = z.object({
  url: z.string().describe('The permanent link of the sentence'),
  edition: editionSchema,
  accessed: z.iso.date().describe('The day read (UTC): the citations say it'),
  quote: z.string().describe('The sentence in quotation marks and, on the next line, where it is from: what Copy copies'),
  styles: z
    .object({ mla: formatted, chicago: formatted, apa: formatted })
    .describe('MLA 9, Chicago 17 (notes and bibliography) and APA 7, from their CSL styles'),
  bibtex: z.string(),
  ris: z.string(),
  cslJson: z.string().describe('CSL-JSON: an array of one item'),
});
export type CitationAnswer = z.infer<typeof citationAnswer>;
