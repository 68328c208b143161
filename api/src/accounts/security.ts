import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, QuietErrorLog } from '@epos/platform';
import type { Role } from '@epos/schemas';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import type { ApiDeps } from '../deps.js';
import { FORM_EXPIRED, HttpError } from '../http/error-handler.js';
import { PasswordChecks } from './passwords.js';
import { allows, permissions, type Permission } from '@epos/schemas/accounts/permissions';
import { PostgresHitCounter } from './postgres-hit-counter.js';
import type { HitCounter } from './hit-counter.js';
import { clientAddress, RateLimits, registerRateLimitFields, type LimitRule } from './rate-limits.js';
import { RedisHitCounter } from './redis-hit-counter.js';
import { siteKey } from '@epos/platform/accounts/secrets';
import { csrfBinding, sessionHashOf, Sessions } from './sessions.js';
import { SessionEnds } from './session-ends.js';
import { securityHeaders } from '../http/security-headers.js';
import { writeLimits } from './write-limits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; every state-changing route must name one. */
    permission?: Permission;
    /** A read's own limit (say, speech), counted per address; writes take theirs from the write-limit table. */
    readLimit?: LimitRule;
    /** The route checks a key header itself in its onRequest hook (POST /api/Media): no session, so no anti-forgery token. */
    keyAuthenticated?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user making the request, with the blogs assigned to them; absent for anonymous visitors. */
    actor?: { id: string; role: Role; blogs: readonly string[]; sessionHash: string };
    /** Why the session could not be looked up (the database is down): reads go on as anonymous, from the cache. */
    sessionUnknown?: unknown;
    /** The signed-in request's watch on its session: `ended` once the session ends while the request is in flight. */
    sessionWatch?: { since: number; ended: boolean };
    /** This request ends its own session (logout, erasure): its answer still goes out. */
    endsOwnSession?: boolean;
  }
  interface FastifyInstance {
    /** Password checks, each counted against the account's and the address's limits. */
    passwordChecks: PasswordChecks;
    /** Every session that ends, in whichever process (session-ends.ts). */
    sessionEnds: SessionEnds;
    /** The limits every API process shares (Redis or PostgreSQL counters): the one way to count requests. */
    rateLimits: RateLimits;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Reads whose answer depends on the signed-in user (the API, the spec's /postdata calls). */
const ACTOR_READS = /^\/(api|postdata|admin-api)\//;

export const pleaseLogIn = () => new HttpError(401, 'unauthorized', 'Please log in first.');
export const notAllowed = () => new HttpError(403, 'forbidden', 'You are not allowed to do this.');

type Actor = NonNullable<FastifyRequest['actor']>;

/**
 * The signed-in user; 401 for anonymous visitors, and 503 while the session cannot be checked
 * (the database is down), rather than treating a signed-in reader as a visitor.
 */
export function requireActor(request: FastifyRequest): Actor {
  if (request.sessionUnknown) throw request.sessionUnknown;
  if (!request.actor) throw pleaseLogIn();
  return request.actor;
}

/**
 * 401 when the request's session has ended since the request began, as though it had come without
 * one: for a route that takes the answer over (an event stream) just before it starts answering.
 */
export async function requireLiveSession(request: FastifyRequest, sessionEnds: SessionEnds): Promise<void> {
  requireActor(request);
  if (!(await sessionLive(request, sessionEnds))) throw pleaseLogIn();
}

/**
 * Whether the signed-in request's session is still live. When it is not, the request is signed in no
 * longer: its answers (the refusal included) are anonymous. While the database is down it keeps its
 * session (`SessionEnds.stillLive`).
 */
async function sessionLive(request: FastifyRequest, sessionEnds: SessionEnds): Promise<boolean> {
  const watch = request.sessionWatch;
  try {
    if (request.actor && watch && !watch.ended && (await sessionEnds.stillLive(request.actor.sessionHash, watch.since)) && !watch.ended) return true;
  } catch (error) {
    request.actor = undefined;
    throw error;
  }
  request.actor = undefined;
  if (watch) watch.ended = true;
  return false;
}

/** The signed-in user's id, for reads private to them. */
export function signedInUser(request: FastifyRequest): string {
  return requireActor(request).id;
}

/** Reads follow the permission table too: 401 anonymous, 403 when the role is not allowed. */
export function requirePermission(request: FastifyRequest, permission: Permission): void {
  if (!allows(permissions[permission], requireActor(request).role)) throw notAllowed();
}

/** Rate-limit counters every API process shares: Redis when REDIS_URL is set, else PostgreSQL. */
function sharedCounter(deps: ApiDeps): HitCounter {
  // A lost connection is reported once per outage, as the job queues report theirs.
  const errors = new QuietErrorLog(deps.logger);
  const report = (message: string) => (error: unknown) => errors.report(error instanceof Error ? error : new Error(String(error)), message);
  if (deps.config.REDIS_URL) return new RedisHitCounter(deps.config.REDIS_URL, report('rate-limit counters'));
  return new PostgresHitCounter(deps.database.db, report('deleting ended rate-limit windows'));
}

/**
 * Sessions, anti-forgery tokens, rate limits and the permission check, in one place. Every
 * state-changing request must carry the CSRF token (`X-CSRF-Token` header or `_csrf` field) from
 * `GET /api/csrf`, fetched in the same session, pass its route's entry in the permission table,
 * and stay within its entry in the write-limit table.
 */
export async function registerSecurity(app: FastifyInstance, deps: ApiDeps): Promise<Sessions> {
  const sessions = new Sessions(deps.database.db, deps.config);
  const sessionEnds = new SessionEnds(deps.database, (error) => deps.logger.warn({ err: error }, 'the sessions watched could not be read again'));
  app.decorate('sessionEnds', sessionEnds);
  app.addHook('onReady', async () =>
    sessionEnds
      .start()
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'not hearing of ended sessions yet; answers check their session in the database')),
  );
  app.addHook('onClose', async () => sessionEnds.close());
  const headersFor = securityHeaders(deps.config);
  await app.register(fastifyCookie);
  // Account forms may post as application/x-www-form-urlencoded as well as JSON.
  await app.register(fastifyFormbody);
  await app.register(fastifyCsrf, {
    cookieKey: 'epos_csrf',
    cookieOpts: { path: '/', sameSite: 'lax', httpOnly: true, secure: deps.config.NODE_ENV === 'production' },
    getToken: (request) => {
      const header = request.headers['x-csrf-token'];
      if (typeof header === 'string') return header;
      const body = request.body as { _csrf?: unknown } | undefined;
      return typeof body?._csrf === 'string' ? body._csrf : undefined;
    },
    getUserInfo: csrfBinding,
    // Shared by every process, so a token from one is good at another.
    csrfOpts: { hmacKey: await siteKey(deps.database.db, 'csrf') },
  });

  const counter = sharedCounter(deps);
  app.addHook('onClose', () => counter.close());
  const limits = new RateLimits(counter, deps.config.RATE_LIMIT_FACTOR, deps.logger);
  app.decorate('rateLimits', limits);
  app.decorate('passwordChecks', new PasswordChecks(limits));
  registerRateLimitFields(app);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => !SAFE_METHODS.has(m)) && !route.config?.permission) {
      throw new Error(`${methods.join(',')} ${route.url} names no permission; add it to schemas/src/accounts/permissions.ts`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    // Pages and their assets never need to know who asks: no session lookup for them.
    if (SAFE_METHODS.has(request.method) && !ACTOR_READS.test(request.url)) return;
    const hash = sessionHashOf(request);
    if (!hash) return;
    // Watched from before it is looked up, so an end between the two is heard too.
    const watch = { since: sessionEnds.now, ended: false };
    const stopWatching = sessionEnds.watch(hash, () => {
      watch.ended = true;
      cutAnswerUnderway(reply);
    });
    try {
      const userId = await sessions.userOf(hash).catch((error: unknown) => {
        // While PostgreSQL is down a signed-in reader still gets the cached public answers; what needs them answers 503.
        if (!SAFE_METHODS.has(request.method) || !isDatabaseUnavailable(error)) throw error;
        request.sessionUnknown = error;
        return null;
      });
      if (!userId) return stopWatching();
      request.actor = { id: userId, ...(await standingOf(deps, userId)), sessionHash: hash };
      request.sessionWatch = watch;
      reply.raw.once('close', stopWatching);
    } catch (error) {
      stopWatching();
      throw error;
    }
  });

  // A request whose session ended while it was in flight is answered as one without a session:
  // 401, with none of the route's headers (its caching above all), never the data it was about to send.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.actor || request.endsOwnSession || (await sessionLive(request, sessionEnds))) return payload;
    for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
    reply.headers(headersFor(request.url.split('?', 1)[0]!));
    throw pleaseLogIn();
  });

  app.addHook('preValidation', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) {
      const limit = request.routeOptions.config.readLimit;
      if (!limit) return done();
      // A read that needs no database is not refused because the counters' database is down.
      const counted = limits.take(request, [limit, `read:${request.routeOptions.url}:${clientAddress(request)}`]);
      return void counted.then(
        () => done(),
        (error: unknown) => (isDatabaseUnavailable(error) ? done() : done(error as Error)),
      );
    }
    // A path no route serves is left to the not-found handler (404), whatever the method.
    if (request.is404) return done();
    if (request.routeOptions.config.keyAuthenticated) return done();
    app.csrfProtection(request, reply, (error?: Error) => {
      if (error) return done(new HttpError(403, 'forbidden', FORM_EXPIRED));
      const permission = request.routeOptions.config.permission;
      if (!permission) return done(new HttpError(403, 'forbidden', 'Not allowed'));
      if (!allows(permissions[permission], request.actor?.role ?? null)) return done(request.actor ? notAllowed() : pleaseLogIn());
      const limit = writeLimits[permission];
      if (!limit) return done();
      const writer = request.actor ? `user:${request.actor.id}` : `address:${clientAddress(request)}`;
      limits.take(request, [limit, `write:${permission}:${writer}`]).then(() => done(), done);
    });
  });

  return sessions;
}

/**
 * An answer already on its way when its session ends: an event stream is ended (the browser
 * reconnects and hears 401); anything else is cut, so the client never takes it for complete.
 */
function cutAnswerUnderway(reply: FastifyReply): void {
  const raw = reply.raw;
  if (!raw.headersSent || raw.writableEnded) return;
  if (String(raw.getHeader('content-type')).startsWith('text/event-stream')) raw.end();
  else raw.destroy();
}

/** A user's role and assigned blogs, read once per request. */
async function standingOf(deps: ApiDeps, userId: string): Promise<{ role: Role; blogs: readonly string[] }> {
  try {
    const users = await deps.progress.readModel<UsersReadModel>(USERS_PROJECTION);
    const row = await users.selectFrom('users').select(['role', 'blogs']).where('user_id', '=', userId).executeTakeFirst();
    return { role: row?.role ?? 'user', blogs: row?.role === 'user' ? [] : (row?.blogs ?? []) };
  } catch {
    // Before the users read model exists, a signed-in person is an ordinary user.
    return { role: 'user', blogs: [] };
  }
}
