import { z } from 'zod';
import { notJson } from '../api/responses.js';

/** GET /embed/s/{id} */
export const embedHtml = notJson(
  'text/html: the sentence (and its translation when asked) for an iframe on another site, with a link back; no script, no cookie',
);

/** GET /oembed?url= (oEmbed 1.0, type "rich") */
export const oembedAnswer = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  title: z.string(),
  author_name: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  cache_age: z.number().int(),
  html: z.string().describe('An iframe of /embed/s/{id}'),
  width: z.number().int(),
  height: z.number().int(),
});
export type OembedAnswer = z.infer<typeof oembedAnswer>;
