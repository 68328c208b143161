/** A browser-like HTTP client for a running site: keeps cookies, sends the anti-forgery token. */
export class SiteClient {
  private readonly cookies = new Map<string, string>();
  private token: string | null = null;

  constructor(readonly base: string) {}

  private remember(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
      if (name === 'epos_session') this.token = null;
    }
  }

  async request(method: 'GET' | 'POST', path: string, options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['x-csrf-token'] = await this.csrf();
    }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
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

  async login(userName: string, password: string): Promise<void> {
    const response = await this.request('POST', '/login', { body: { UserName: userName, Password: password } });
    const body = (await response.json()) as { type?: number };
    if (body.type !== 1) throw new Error(`could not log in ${userName}: ${response.status} ${JSON.stringify(body)}`);
  }
}
