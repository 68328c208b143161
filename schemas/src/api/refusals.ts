/**
 * A request refused for rate or load: 429 when its address asked too often, 503 with this code when
 * too many of its kind are being answered at once. Both carry Retry-After and a message saying when
 * to come back, which the apps show as it is. Free of zod, so the apps can import it.
 */
export const BUSY_CODE = 'busy';

/** What a reader is told of a refusal whose answer has no message of ours (a proxy's, say). */
export function refusedMessage(retryAfter: string | null): string {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
  return `Too many requests just now. Please wait ${seconds === null ? 'a minute' : `${seconds} seconds`} and try again.`;
}
