import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import type { TestClient } from './client.js';

/**
 * Asks for a share card as a crawler does: a card still being drawn answers 503 with a short
 * Retry-After (a loaded machine's first Chromium can take longer than the route waits), so ask
 * again until the deadline. Any other answer, a failed drawing's long Retry-After included, is returned.
 */
export async function askForCard(client: TestClient, url: string, deadlineMs = 90_000): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const answer = await client.get(url);
    const retryAfter = Number(answer.headers['retry-after']);
    if (answer.statusCode !== 503 || !(retryAfter <= 5) || Date.now() >= deadline) return answer;
    await sleep(1_000);
  }
}
