import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Shutdown } from '@epos/platform';
import { makeShareCardJob } from '@epos/platform/cards/jobs';
import { SHARE_CARD_SIZE, shareCardUrl } from '@epos/platform/cards/card-id';
import { readShareCard } from '@epos/platform/cards/card-state';
import { cardStream, type ShareCardContent } from '@epos/schemas';
import type { WorkerContext } from '../registry.js';
import { handle, type JobRegistration } from '../runner.js';
import { appendOnce as appendOutcomeOnce } from '../append-once.js';
import { ChromiumMissingError, PdfBrowser } from '../pdf/browser.js';
import { shareCardHtml } from './card-html.js';

/** Appends the card's one ShareCardMade (or ShareCardFailed), unless its stream has a card already. */
const appendOnce = (context: WorkerContext, cardId: string, event: { type: 'ShareCardMade' | 'ShareCardFailed'; data: unknown }) =>
  appendOutcomeOnce(
    context.store,
    cardStream(cardId),
    () => readShareCard(context.store, cardId),
    (state) => state.made !== null,
    event,
  );

/** The card's PNG, drawn by Chromium from its HTML page (opened from a file, so the fonts' file:// URLs load). */
export async function drawShareCard(browser: PdfBrowser, content: ShareCardContent): Promise<Buffer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'epos-card-'));
  try {
    const file = path.join(folder, 'card.html');
    await writeFile(file, shareCardHtml(content));
    return await browser.capture(pathToFileURL(file).href, SHARE_CARD_SIZE);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function makeShareCard(
  context: WorkerContext & { browser: PdfBrowser },
  payload: { cardId: string; content: ShareCardContent },
  attempt: { now: number; max: number },
) {
  const { cardId, content } = payload;
  if ((await readShareCard(context.store, cardId)).made) return;
  try {
    const started = performance.now();
    const stored = await context.media.put(await drawShareCard(context.browser, content));
    await appendOnce(context, cardId, { type: 'ShareCardMade', data: { cardId, hash: stored.key, size: stored.size, url: shareCardUrl(stored.key) } });
    context.logger.info({ cardId, page: content.page, bytes: stored.size, ms: Math.round(performance.now() - started) }, 'share card made');
  } catch (error) {
    const missing = error instanceof ChromiumMissingError;
    context.logger.error(
      { err: error, cardId, attempt: attempt.now },
      missing ? 'share cards cannot be made: Chromium is missing' : 'making a share card failed',
    );
    if (missing || attempt.now >= attempt.max) {
      await appendOnce(context, cardId, { type: 'ShareCardFailed', data: { cardId, reason: (error as Error).message.slice(0, 1000) } });
    }
    if (!missing) throw error;
  }
}

/** The `cards.make` handler with this process's one Chromium for cards, started on the first card and closed at shutdown. */
export function makeShareCardHandler(context: WorkerContext & { shutdown?: Shutdown }): JobRegistration {
  let browser: PdfBrowser | null = null;
  context.shutdown?.add('share card browser', async () => browser?.close());
  return handle(makeShareCardJob, async (payload, job) => {
    browser ??= new PdfBrowser(context.config.CHROMIUM_PATH, context.logger);
    await makeShareCard({ ...context, browser }, payload, { now: job.attempt, max: job.maxAttempts });
  });
}
