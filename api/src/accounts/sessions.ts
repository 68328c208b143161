import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config, PlatformDatabase } from '@epos/platform';
import { newSecret, secretHash } from '@epos/platform/accounts/secrets';

export const SESSION_COOKIE = 'epos_session';
const SESSION_MS = 12 * 3600_000;
const REMEMBER_MS = 30 * 24 * 3600_000;

/**
 * What anti-forgery tokens are bound to: the session cookie (hashed), or "anonymous" without one.
 * A token fetched before logging in, or in another session, does not work in this one.
 */
export function csrfBinding(request: FastifyRequest): string {
  const token = request.cookies[SESSION_COOKIE];
  return token ? secretHash(token) : 'anonymous';
}

/** Server-side sessions: the cookie holds a random token, the database only its hash. */
export class Sessions {
  constructor(
    private readonly db: Kysely<PlatformDatabase>,
    private readonly config: Config,
  ) {}

  async open(reply: FastifyReply, userId: string, remember: boolean): Promise<void> {
    const token = newSecret();
    const lifetime = remember ? REMEMBER_MS : SESSION_MS;
    await this.db.insertInto('sessions').values({ token_hash: secretHash(token), user_id: userId, expires_at: new Date(Date.now() + lifetime), remember }).execute();
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.NODE_ENV === 'production',
      // "Remember me" keeps the cookie across browser restarts; otherwise it ends with the browser.
      ...(remember ? { maxAge: lifetime / 1000 } : {}),
    });
  }

  /** The signed-in user of a request, if its session is live. */
  async userOf(request: FastifyRequest): Promise<{ userId: string; sessionHash: string } | null> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return null;
    const hash = secretHash(token);
    const row = await this.db.selectFrom('sessions').select('user_id').where('token_hash', '=', hash).where('expires_at', '>', new Date()).executeTakeFirst();
    return row ? { userId: row.user_id, sessionHash: hash } : null;
  }

  async close(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await this.db.deleteFrom('sessions').where('token_hash', '=', secretHash(token)).execute();
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** Ends every session of a user but the one given (a password change keeps its own), in `db`'s transaction when given one. */
  async endAll(userId: string, except?: string, db: Kysely<PlatformDatabase> = this.db): Promise<void> {
    let query = db.deleteFrom('sessions').where('user_id', '=', userId);
    if (except) query = query.where('token_hash', '!=', except);
    await query.execute();
  }
}
