/**
 * The fuzzer's four callers: anonymous, reader (role user), blogger and admin. Each has its own
 * cookies, a real session (but anonymous) and a valid anti-forgery token. Hostile requests may
 * end a session (`/logoff`) or an account: `ensure` signs the identity in again, or has a new
 * account made when the old one is gone and a provisioner is at hand (in-process runs).
 */
import type { Role } from '@epos/schemas';
import { CookieJar } from '../testkit/cookie-jar.js';
import type { IdentityName } from './fuzz-request.js';
import type { RawResponse, Transport } from './http-transport.js';

export interface Credentials {
  userName: string;
  password: string;
}

/** Makes an account of a role (a blogger gets every blog) and answers its credentials. */
export type Provisioner = (role: Role) => Promise<Credentials>;

const ROLE_OF: Record<IdentityName, Role | null> = { anonymous: null, reader: 'user', blogger: 'blogger', admin: 'admin' };
const SESSION_COOKIE = 'epos_session';

interface Identity {
  name: IdentityName;
  jar: CookieJar;
  csrfToken: string;
  credentials: Credentials | null;
  userId: string | null;
}

export class Identities {
  private readonly all = new Map<IdentityName, Identity>();

  constructor(
    private readonly transport: Transport,
    private readonly given: Partial<Record<IdentityName, Credentials>>,
    private readonly provision: Provisioner | null,
  ) {}

  /** Signs every identity in; throws when one cannot be (wrong credentials, no provisioner). */
  async setUp(names: readonly IdentityName[]): Promise<void> {
    for (const name of names) {
      const identity: Identity = { name, jar: new CookieJar(), csrfToken: '', credentials: this.given[name] ?? null, userId: null };
      this.all.set(name, identity);
      await this.refreshToken(identity);
      if (ROLE_OF[name] && !(await this.signIn(name))) throw new Error(`could not sign the ${name} in`);
    }
  }

  get(name: IdentityName): Identity {
    const identity = this.all.get(name);
    if (!identity) throw new Error(`no identity ${name}`);
    return identity;
  }

  /** The user ids of the signed-in identities (kept out of the values requests use). */
  userIds(): string[] {
    return [...this.all.values()].flatMap((i) => (i.userId ? [i.userId] : []));
  }

  userNames(): string[] {
    return [...this.all.values()].flatMap((i) => (i.credentials ? [i.credentials.userName] : []));
  }

  headersFor(name: IdentityName, csrf: 'valid' | 'omit' | 'wrong'): Record<string, string> {
    const identity = this.get(name);
    const cookie = identity.jar.header();
    return {
      ...(cookie ? { cookie } : {}),
      ...(csrf === 'valid' ? { 'x-csrf-token': identity.csrfToken } : csrf === 'wrong' ? { 'x-csrf-token': 'not-a-token' } : {}),
    };
  }

  /** Keeps the cookies an answer sets; answers whether the identity's session survived it. */
  remember(name: IdentityName, response: RawResponse): boolean {
    const identity = this.get(name);
    identity.jar.remember(response.headers['set-cookie']);
    return ROLE_OF[name] === null || identity.jar.has(SESSION_COOKIE);
  }

  /** Makes sure the identity is signed in with its role; answers false when it cannot be. */
  async ensure(name: IdentityName): Promise<boolean> {
    try {
      return await this.signIn(name);
    } catch {
      // No answer (the server restarting, a connection cut): the next check tries again.
      return false;
    }
  }

  private async signIn(name: IdentityName): Promise<boolean> {
    const identity = this.get(name);
    const role = ROLE_OF[name];
    if (!role) return true;
    if (await this.hasRole(identity, role)) return true;
    if (identity.credentials && (await this.logIn(identity)) && (await this.hasRole(identity, role))) return true;
    if (!this.provision) return false;
    identity.credentials = await this.provision(role);
    return (await this.logIn(identity)) && (await this.hasRole(identity, role));
  }

  private async hasRole(identity: Identity, role: Role): Promise<boolean> {
    const response = await this.call(identity, 'GET', '/api/me', null);
    if (response.status !== 200) return false;
    const me = JSON.parse(response.body) as { loggedIn?: boolean; role?: string; userId?: string };
    if (me.loggedIn && me.userId) identity.userId = me.userId;
    return me.loggedIn === true && me.role === role;
  }

  private async logIn(identity: Identity): Promise<boolean> {
    await this.refreshToken(identity);
    const response = await this.call(
      identity,
      'POST',
      '/login',
      JSON.stringify({ UserName: identity.credentials!.userName, Password: identity.credentials!.password }),
    );
    if (response.status !== 200) return false;
    // A token may be bound to the session it was fetched in: fetch one for the new session.
    await this.refreshToken(identity);
    return true;
  }

  private async refreshToken(identity: Identity): Promise<void> {
    const response = await this.call(identity, 'GET', '/api/csrf', null);
    if (response.status !== 200) throw new Error(`GET /api/csrf answered ${response.status}: ${response.body.slice(0, 200)}`);
    identity.csrfToken = (JSON.parse(response.body) as { token: string }).token;
  }

  private async call(identity: Identity, method: string, path: string, body: string | null): Promise<RawResponse> {
    const cookie = identity.jar.header();
    const headers: Record<string, string> = {
      ...(cookie ? { cookie } : {}),
      ...(body !== null ? { 'content-type': 'application/json', 'x-csrf-token': identity.csrfToken } : {}),
      // Sign-ins share the strict rate limit of /login; a fresh address each time (honoured when the API trusts the proxy).
      'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    };
    const response = await this.transport.send({ method, path, headers, body });
    if (response instanceof Error) throw new Error(`${method} ${path}: ${response.message}`);
    identity.jar.remember(response.headers['set-cookie']);
    return response;
  }
}
