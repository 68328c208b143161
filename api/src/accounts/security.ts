import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, QuietErrorLog } from '@epos/platform';
import type { Role } from '@epos/schemas';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import type { ApiDeps } from '../deps.js';
import { FORM_EXPIRED, HttpError } from '../plugins/error-handler.js';
import { PasswordChecks } from './passwords.js';
import { allows, permissions, type Permission } from '@epos/schemas/accounts/permissions';
import { PostgresHitCounter } from './postgres-hit-counter.js';
import type { HitCounter } from './hit-counter.js';
import { clientAddress, RateLimits, registerRateLimitFields, type LimitRule } from './rate-limits.js';
import { RedisHitCounter } from './redis-hit-counter.js';
import { siteKey } from '@epos/platform/accounts/secrets';
import { csrfBinding, Sessions } from './sessions.js';
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
  }
  interface FastifyInstance {
    /** Password checks, each counted against the account's and the address's limits. */
    passwordChecks: PasswordChecks;
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

  app.addHook('onRequest', async (request) => {
    // Pages and their assets never need to know who asks: no session lookup for them.
    if (SAFE_METHODS.has(request.method) && !ACTOR_READS.test(request.url)) return;
    const session = await sessions.userOf(request).catch((error: unknown) => {
      // While PostgreSQL is down a signed-in reader still gets the cached public answers; what needs them answers 503.
      if (!SAFE_METHODS.has(request.method) || !isDatabaseUnavailable(error)) throw error;
      request.sessionUnknown = error;
      return null;
    });
    if (session) request.actor = { id: session.userId, ...(await standingOf(deps, session.userId)), sessionHash: session.sessionHash };
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
