import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../accounts/sessions.js';

/**
 * A browser-like client over `app.inject`: keeps cookies, and sends the anti-forgery token on
 * every state-changing request, as the reader app does.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  private token: string | null = null;

  /** `remoteAddress` tells clients apart, as rate limits see them. */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  /** The cookies as a browser would send them, for requests made outside `inject` (a real socket). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies) {
      // A token belongs to its session: after logging in or out, the app fetches a new one.
      if (cookie.name === SESSION_COOKIE) this.token = null;
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = { ...(options.headers ?? {}), ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}) };
    return this.remember(await this.app.inject({ remoteAddress: this.remoteAddress, ...options, headers }));
  }

  get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url, headers });
  }

  async csrf(): Promise<string> {
    this.token ??= (await this.get('/api/csrf')).json<{ token: string }>().token;
    return this.token;
  }

  post(url: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.send('POST', url, body, headers);
  }

  /** A write with the anti-forgery token; a JSON body unless `body` is undefined. */
  async send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const json = body === undefined ? null : JSON.stringify(body);
    const type = json === null ? {} : { 'content-type': 'application/json' };
    return this.request({ method, url, ...(json === null ? {} : { payload: json }), headers: { ...type, 'x-csrf-token': await this.csrf(), ...headers } });
  }
}
