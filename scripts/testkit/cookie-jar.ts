/** A browser's cookies for one site, as far as the fuzzer and the site client need them. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes `Set-Cookie` headers in; a cookie set empty or already expired is dropped. */
  remember(setCookie: string | string[] | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', v = ''] = a.split('=').map((s) => s.trim());
        return (key.toLowerCase() === 'max-age' && Number(v) <= 0) || (key.toLowerCase() === 'expires' && Date.parse(v) < Date.now());
      });
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
