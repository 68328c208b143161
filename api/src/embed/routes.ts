import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editionSchema, languageSchema } from '@epos/schemas';
import { embedHtml, oembedAnswer, type OembedAnswer } from '@epos/schemas/embed/responses';
import { shownEdition } from '@epos/schemas/poem/editions';
import { siteUrl } from '@epos/platform';
import { escapeHtml } from '@epos/platform/markdown/index';
import { POEM_CHANGED_CHANNEL, POEM_PROJECTION } from '@epos/projections/poem/read-model';
import type { ApiDeps } from '../deps.js';
import { ChangeCache, listenWithApp } from '../http/change-cache.js';
import { HttpError } from '../http/error-handler.js';
import { always, kept, renderText, sendCacheable } from '../http/http-cache.js';
import { sentenceIdParams } from '../poem/schemas.js';
import { sentenceById, sentenceIdOf } from '../poem/sentence-by-id.js';
import { permanentUrl } from '../cite/csl-item.js';
import { EMBED_CSP, embedHeight, embedPage, embedThemes } from './embed-page.js';
import { embedTargetOf, embedWidth } from './oembed.js';

const embedQuery = z.object({
  edition: z.string().toLowerCase().pipe(editionSchema).optional().describe("first, centenary or revised; with lang, the translation's own edition by default"),
  lang: z.string().toLowerCase().pipe(languageSchema).optional().describe('a translation shown under the verse: sa, hi, fr, de, or or zh'),
  theme: z.enum(embedThemes, { message: 'expected auto, light or dark' }).default('auto'),
});
const oembedQuery = z.object({
  url: z.string().max(2000).describe("A sentence's address on this site: /s/{id}, /{n} or /embed/s/{id}, with edition and lang"),
  format: z.enum(['json'], { message: 'expected json (the only format answered)' }).default('json'),
  maxwidth: z.coerce.number({ message: 'expected a width in pixels' }).int().positive().optional(),
  maxheight: z.coerce.number({ message: 'expected a height in pixels' }).int().positive().optional(),
});
const notFound = () => new HttpError(404, 'not_found', 'Not Found');
const editionOf = ({ edition, lang }: z.infer<typeof embedQuery>) => shownEdition(edition, lang);

/** `/embed/s/{id}` for other sites' iframes, and its oEmbed (`/oembed?url=`), kept until the poem changes (docs/decisions/embeds.md). */
export function embedRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const origin = siteUrl(deps.config);
  return async (app) => {
    const cache = new ChangeCache(deps.database, POEM_CHANGED_CHANNEL, deps.memory);
    await listenWithApp(app, cache, deps.logger, 'embeds');
    const schemaOf = () => deps.progress.schemaOf(POEM_PROJECTION);

    app.get(
      '/embed/s/:id',
      { config: { reads: [POEM_PROJECTION] }, schema: { hide: true, params: sentenceIdParams, querystring: embedQuery, response: { 200: embedHtml } } },
      async (request, reply) => {
        const { id } = request.params;
        const { lang = null, theme } = request.query;
        const edition = editionOf(request.query);
        const body = await cache.answer(undefined, schemaOf, `embed:${id}:${edition}:${lang}:${theme}`, async () => {
          const found = await sentenceById(app, id, edition);
          if (!found) return null;
          const html = embedPage({ ...found, url: permanentUrl(origin, id), edition, lang, theme });
          return kept(renderText(html, 'text/html; charset=utf-8'), always);
        });
        if (!body) throw notFound();
        return sendCacheable(request, reply.header('content-security-policy', EMBED_CSP).header('cache-control', 'public, max-age=300'), body);
      },
    );

    app.get(
      '/oembed',
      {
        config: { reads: [POEM_PROJECTION] },
        schema: {
          tags: ['poem'],
          summary: 'oEmbed 1.0 for a sentence: a rich embed (an iframe of /embed/s/{id})',
          querystring: oembedQuery,
          response: { 200: oembedAnswer },
        },
      },
      async (request, reply) => {
        const { url, maxwidth, maxheight } = request.query;
        const found = embedTargetOf(url, origin);
        if (!found) throw notFound();
        const parsed = embedQuery.safeParse(Object.fromEntries(found.search));
        if (!parsed.success)
          throw new HttpError(400, 'validation', `url: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
        const { lang = null, theme } = parsed.data;
        const edition = editionOf(parsed.data);
        const id = 'id' in found.target ? found.target.id : await sentenceIdOf(deps, found.target.n);
        if (id === null) throw notFound();
        const sentence = await sentenceById(app, id, edition);
        if (!sentence) throw notFound();
        const width = embedWidth(maxwidth);
        const height = Math.min(maxheight ?? Infinity, embedHeight({ ...sentence, edition, lang }, width));
        const search = new URLSearchParams({ ...(parsed.data.edition ? { edition } : {}), ...(lang ? { lang } : {}), ...(theme !== 'auto' ? { theme } : {}) });
        const src = `${origin}/embed/s/${id}${search.size > 0 ? `?${search}` : ''}`;
        const title = `Sentence ${sentence.sentence.lineNumber} — ${sentence.site.poemTitle}`;
        const answer: OembedAnswer = {
          version: '1.0',
          type: 'rich',
          title,
          author_name: sentence.site.poemAuthor,
          provider_name: sentence.site.siteName,
          provider_url: `${origin}/`,
          cache_age: 86_400,
          html: `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" style="border:0;max-width:100%" loading="lazy" title="${escapeHtml(title)}"></iframe>`,
          width,
          height,
        };
        return reply.header('cache-control', 'public, max-age=3600').send(answer);
      },
    );
  };
}
