import { CookieJar } from './cookie-jar.js';

const SESSION_COOKIE = 'epos_session';
const TIMEOUT_MS = 15_000;

/** A browser-like HTTP client for a running site: keeps cookies, sends the anti-forgery token. */
export class SiteClient {
  private readonly cookies = new CookieJar();
  private token: string | null = null;

  constructor(private readonly base: string) {}

  private remember(response: Response): void {
    const setCookie = response.headers.getSetCookie();
    this.cookies.remember(setCookie);
    // The token is bound to the session: a new or ended session needs a new token.
    if (setCookie.some((line) => line.trimStart().startsWith(`${SESSION_COOKIE}=`))) this.token = null;
  }

  async request(method: 'GET' | 'POST', path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['x-csrf-token'] = await this.csrf();
    }
    const cookie = this.cookies.header();
    if (cookie) headers.cookie = cookie;
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    this.remember(response);
    return response;
  }

  /** POSTs a multipart form (files) with the session and the anti-forgery token; `timeoutMs` for large bodies. */
  async postForm(path: string, form: FormData, timeoutMs = TIMEOUT_MS): Promise<Response> {
    const headers: Record<string, string> = { 'x-csrf-token': await this.csrf() };
    const cookie = this.cookies.header();
    if (cookie) headers.cookie = cookie;
    const response = await fetch(`${this.base}${path}`, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(timeoutMs) });
    this.remember(response);
    return response;
  }

  private async csrf(): Promise<string> {
    if (this.token) return this.token;
    const response = await this.request('GET', '/api/csrf');
    if (!response.ok) throw new Error(`GET /api/csrf answered ${response.status}`);
    this.token = ((await response.json()) as { token: string }).token;
    return this.token;
  }

  /** The Cookie header this client sends: its session, for load generators reading as this user. */
  cookieHeader(): string {
    return this.cookies.header();
  }

  async login(userName: string, password: string): Promise<void> {
    const response = await this.request('POST', '/login', { body: { UserName: userName, Password: password } });
    const body = (await response.json()) as { type?: number };
    if (body.type !== 1) throw new Error(`could not log in ${userName}: ${response.status} ${JSON.stringify(body)}`);
  }
}
