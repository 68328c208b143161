import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shareCardId } from '@epos/platform/cards/card-id';
import { makeShareCardJob } from '@epos/platform/cards/jobs';
import { readShareCard, type ShareCardState } from '@epos/platform/cards/card-state';
import { chromiumPresent } from '@epos/platform/pdf/chromium';
import { cardStream } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { HttpError } from '../http/error-handler.js';
import { causeOf } from '../commands.js';
import { clientAddress } from '../accounts/rate-limits.js';
import type { PageHeads } from '../page-heads/page-heads.js';

/** How long a request waits for its card to be drawn (a card takes well under 2 s) before answering 503 with Retry-After. */
const DRAWING_WAIT_MS = 10_000;
const POLL_MS = 100;
const CARD_UNAVAILABLE = 'The share card could not be made just now. Please try again later.';

const notFound = () => new HttpError(404, 'not_found', 'Not Found');
const unavailable = (retryAfter: number) => new HttpError(503, 'unavailable', CARD_UNAVAILABLE, { 'retry-after': String(retryAfter) });

async function waitForCard(deps: ApiDeps, cardId: string, signal: AbortSignal): Promise<ShareCardState> {
  const until = Date.now() + DRAWING_WAIT_MS;
  for (;;) {
    const state = await readShareCard(deps.store, cardId);
    if (state.made || state.failed !== null || Date.now() >= until || signal.aborted) return state;
    await sleep(POLL_MS);
  }
}

/**
 * `GET /card/{page address}`: the share card of a page (docs/decisions/share-cards.md): a redirect
 * to its PNG in the media store once drawn; asked for first, `ShareCardRequested` is appended, the
 * cards reactor queues the drawing, and the request waits for it. Not a page of its own: 404.
 */
export function cardRoutes(deps: ApiDeps, heads: PageHeads) {
  const perAddress = { what: 'share cards from this address', windows: deps.config.SHARE_CARD_LIMIT };
  return async (app: FastifyInstance) => {
    app.get('/card/*', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      const url = new URL(request.url, 'http://card');
      const page = url.pathname.slice('/card'.length) || '/';
      const content = await heads.card(page, url.search);
      if (!content) throw notFound();
      const cardId = shareCardId(content);
      let state = await readShareCard(deps.store, cardId);
      if (!state.made) {
        await app.rateLimits.take(request, [perAddress, `card:address:${clientAddress(request)}`]);
        if (!(await chromiumPresent(deps.config.CHROMIUM_PATH))) throw unavailable(3600);
        const due = state.failed !== null || !(await onItsWay(deps, state));
        if (due)
          await deps.store.append(cardStream(cardId), [{ type: 'ShareCardRequested', data: { cardId, content } }], {
            expectedRevision: 'any',
            cause: causeOf(request),
          });
        const gone = new AbortController();
        request.raw.once('close', () => gone.abort());
        state = await waitForCard(deps, cardId, gone.signal);
        if (!state.made) throw unavailable(state.failed !== null ? 60 : 5);
      }
      return reply.code(302).header('cache-control', 'public, max-age=300').header('location', state.made.url).send();
    });
  };
}

/** Whether the card's drawing is queued or running (a request after an expiry, or one whose job ended without a card, asks again). */
async function onItsWay(deps: ApiDeps, state: ShareCardState): Promise<boolean> {
  if (state.requested === null) return false;
  const job = await deps.jobs.inspect(makeShareCardJob, state.requested.cardId);
  return job !== null && job.state !== 'failed' && job.state !== 'completed';
}
