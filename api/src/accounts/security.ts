import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@epos/schemas';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import type { ApiDeps } from '../deps.js';
import { FORM_EXPIRED, HttpError } from '../plugins/error-handler.js';
import { allows, permissions, type Permission } from './permissions.js';
import { Sessions } from './sessions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; every state-changing route must name one. */
    permission?: Permission;
  }
  interface FastifyRequest {
    /** The signed-in user making the request, with the blogs assigned to them; absent for anonymous visitors. */
    actor?: { id: string; role: Role; blogs: readonly string[]; sessionHash: string };
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Reads whose answer depends on the signed-in user (the API, the spec's /postdata calls). */
const ACTOR_READS = /^\/(api|postdata)\//;

export const pleaseLogIn = () => new HttpError(401, 'unauthorized', 'Please log in first.');
export const notAllowed = () => new HttpError(403, 'forbidden', 'You are not allowed to do this.');

/** The signed-in user's id, for reads private to them; 401 for anonymous visitors. */
export function signedInUser(request: FastifyRequest): string {
  if (!request.actor) throw pleaseLogIn();
  return request.actor.id;
}

/** Reads follow the permission table too: 401 anonymous, 403 when the role is not allowed. */
export function requirePermission(request: FastifyRequest, permission: Permission): void {
  if (!request.actor) throw pleaseLogIn();
  if (!allows(permissions[permission], request.actor.role)) throw notAllowed();
}

/**
 * Sessions, anti-forgery tokens, rate limits and the permission check, in one place. Every
 * state-changing request must carry the CSRF token (`X-CSRF-Token` header or `_csrf` field) from
 * `GET /api/csrf`, and pass its route's entry in the permission table.
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
  });
  await app.register(fastifyRateLimit, { global: false });

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => !SAFE_METHODS.has(m)) && !route.config?.permission) {
      throw new Error(`${methods.join(',')} ${route.url} names no permission; add it to api/src/accounts/permissions.ts`);
    }
  });

  app.addHook('onRequest', async (request) => {
    // Pages and their assets never need to know who asks: no session lookup for them.
    if (SAFE_METHODS.has(request.method) && !ACTOR_READS.test(request.url)) return;
    const session = await sessions.userOf(request);
    if (session) request.actor = { id: session.userId, ...(await standingOf(deps, session.userId)), sessionHash: session.sessionHash };
  });

  app.addHook('preValidation', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    app.csrfProtection(request, reply, (error?: Error) => {
      if (error) return done(new HttpError(403, 'forbidden', FORM_EXPIRED));
      const permission = request.routeOptions.config.permission;
      if (!permission) return done(new HttpError(403, 'forbidden', 'Not allowed'));
      const audience = permissions[permission];
      if (allows(audience, request.actor?.role ?? null)) return done();
      done(request.actor ? notAllowed() : pleaseLogIn());
    });
  });

  app.get('/api/csrf', { schema: { tags: ['accounts'], summary: 'An anti-forgery token for the next state-changing requests' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { token: reply.generateCsrf() };
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
