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

/** The hash a request's session is stored and announced by; null without a usable session cookie. */
export function sessionHashOf(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? secretHash(token) : null;
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
    await this.db
      .insertInto('sessions')
      .values({ token_hash: secretHash(token), user_id: userId, expires_at: new Date(Date.now() + lifetime), remember })
      .execute();
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.NODE_ENV === 'production',
      // "Remember me" keeps the cookie across browser restarts; otherwise it ends with the browser.
      ...(remember ? { maxAge: lifetime / 1000 } : {}),
    });
  }

  /** The user whose session `hash` is, if it is live. */
  async userOf(hash: string): Promise<string | null> {
    const row = await this.db.selectFrom('sessions').select('user_id').where('token_hash', '=', hash).where('expires_at', '>', new Date()).executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** Ends the request's own session (logout, erasure, a new login); its answer still goes out. */
  async close(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const hash = sessionHashOf(request);
    if (hash) {
      request.endsOwnSession = true;
      await this.db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /**
   * Ends every session of a user but the one given (a password change keeps its own), in `db`'s
   * transaction when given one. Every process hears of it (session-ends.ts): the sessions' streams
   * close and their requests in flight are refused.
   */
  async endAll(userId: string, except?: string, db: Kysely<PlatformDatabase> = this.db): Promise<void> {
    let query = db.deleteFrom('sessions').where('user_id', '=', userId);
    if (except) query = query.where('token_hash', '!=', except);
    await query.execute();
  }

  /** Ends every session on the site but `kept` (an administrator's own); answers the users whose live sessions ended. */
  async endAllBut(kept: string): Promise<string[]> {
    const rows = await this.db.deleteFrom('sessions').where('token_hash', '!=', kept).returning(['user_id', 'expires_at']).execute();
    const now = Date.now();
    return [...new Set(rows.filter((r) => new Date(r.expires_at).getTime() > now).map((r) => r.user_id))];
  }

  /** Ends every session of a user from a request of an administrator, who may be that user (their answer still goes out). */
  async endAllFor(request: FastifyRequest, userId: string): Promise<void> {
    if (request.actor?.id === userId) request.endsOwnSession = true;
    await this.endAll(userId);
  }
}
