/**
 * Sends requests exactly as written: the path is not normalised or re-encoded (undici's Client
 * with a raw path), so `%00`, `%C0%AF` and `../` reach the server as the fuzzer wrote them.
 */
import { Client } from 'undici';

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Buffer | null;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

/** How requests reach the API (an interface, so tests can answer them themselves). */
export interface Transport {
  send(request: RawRequest): Promise<RawResponse | Error>;
}

const TIMEOUT_MS = 30_000;

export class HttpTransport implements Transport {
  private readonly client: Client;

  constructor(base: string) {
    this.client = new Client(base, { headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS, keepAliveTimeout: 10_000 });
  }

  /**
   * The answer, or the error when none came (timeout, connection closed). A connection the
   * server had already closed (after an answer that ends it, as 413 and 431 do) is not the
   * request's fault: it is sent once more on a new one, and only a second failure counts.
   */
  async send(request: RawRequest): Promise<RawResponse | Error> {
    const first = await this.sendOnce(request);
    return first instanceof Error && !(first.name === 'HeadersTimeoutError' || first.name === 'BodyTimeoutError') ? this.sendOnce(request) : first;
  }

  private async sendOnce(request: RawRequest): Promise<RawResponse | Error> {
    const started = performance.now();
    try {
      const response = await this.client.request({
        method: request.method as 'GET',
        path: request.path,
        headers: request.headers,
        body: request.body ?? undefined,
      });
      const body = String(response.headers['content-type'] ?? '').startsWith('text/event-stream')
        ? await firstEvents(response.body)
        : await response.body.text();
      return { status: response.statusCode, headers: response.headers, body, ms: performance.now() - started };
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/** A response header as one string (set-cookie and the like joined by newlines). */
export function headerText(headers: RawResponse['headers'], name: string): string {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join('\n') : (value ?? '');
}

/** An event stream never ends: its first events (up to a blank line) are its answer, then it is closed. */
async function firstEvents(body: AsyncIterable<Buffer>): Promise<string> {
  let text = '';
  for await (const chunk of body) {
    text += chunk.toString('utf8');
    if (text.includes('\n\n')) break;
  }
  return text;
}
