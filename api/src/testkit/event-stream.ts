import type { UnreadAnswer } from '@epos/schemas';

/** A reader's notification stream over a real socket, as a browser holds it. */
export interface HeldStream {
  status: number;
  headers: Headers;
  /** Every `unread` event, as it arrived. */
  events: UnreadAnswer[];
  /** The body of a refused stream (its JSON error); '' for an open one. */
  refusal: string;
  /** Whether the server has ended the stream (cleanly or by cutting it). */
  ended(): boolean;
  close(): void;
}

/** Opens `base`/api/notifications/stream with these headers (the session's cookie, X-Forwarded-For) and reads it in the background. */
export async function holdStream(base: string, headers: Record<string, string>): Promise<HeldStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/notifications/stream`, { headers, signal: controller.signal });
  const events: UnreadAnswer[] = [];
  let ended = false;
  let refusal = '';
  if (response.status !== 200) {
    refusal = await response.text();
    ended = true;
  } else {
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for await (const chunk of response.body!) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (block.includes('event: unread') && data) events.push(JSON.parse(data.slice(6)) as UnreadAnswer);
          }
        }
      } catch {
        /* cut by the server, or closed here */
      }
      ended = true;
    })();
  }
  return { status: response.status, headers: response.headers, events, refusal, ended: () => ended, close: () => controller.abort() };
}
