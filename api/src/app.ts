import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { checkAnswersSentAsBytes, responseSerializerCompiler } from './http/response-serializer.js';
import { accessLog, registerAccessLog } from './http/access-log.js';
import type { ApiDeps } from './deps.js';
import { healthRoutes } from './health/routes.js';
import { registerConsistency } from './http/consistency.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerInputBoundary } from './http/input-boundary.js';
import { registerOpenApi } from './http/openapi.js';
import { registerStaticUi } from './http/static-ui.js';
import { cardRoutes } from './cards/routes.js';
import { PageHeads } from './page-heads/page-heads.js';
import { loadRenderer } from './page-heads/page-bodies.js';
import { featureRoutes } from './features.js';
import { accountRoutes } from './accounts/routes.js';
import { personalRoutes } from './accounts/personal-routes.js';
import { adminUserRoutes } from './accounts/admin-routes.js';
import type { BlogDirectory } from './accounts/role-assignment-facts.js';
import { blogDirectory } from './blogs/blog-directory.js';
import { registerSecurity } from './accounts/security.js';
import { registerCostlyReads } from './http/costly-reads.js';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.js';
import { ReadyAnswers } from './http/ready-answers.js';
import { requestIdOf } from './http/request-id.js';
import { SESSION_COOKIE } from './accounts/sessions.js';

export interface BuildApiOptions {
  /** Extra route plugins (tests and benchmarks mount sample features here). */
  extraRoutes?: ((deps: ApiDeps) => FastifyPluginAsync)[];
  serveUi?: boolean;
  /** The blogs users can be given or follow (the blogs feature supplies them). */
  blogs?: BlogDirectory;
}

export async function buildApi(deps: ApiDeps, options: BuildApiOptions = {}): Promise<FastifyInstance> {
  const headersFor = securityHeaders(deps.config);
  const log = accessLog(deps.config);
  const ready = new ReadyAnswers({
    progress: deps.progress,
    memory: deps.memory,
    securityHeaders: headersFor,
    accessLog: log,
    logger: deps.logger,
    trustProxy: deps.config.TRUST_PROXY,
    sessionCookie: SESSION_COOKIE,
  });
  const app: FastifyInstance = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    serverFactory: ready.serverFactory(),
    requestIdHeader: false,
    genReqId: requestIdOf,
    forceCloseConnections: 'idle',
    // One access line per request, sampled (http/access-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: deps.config.TRUST_PROXY,
    return503OnClosing: true,
  });
  app.addHook('preClose', async () => ready.close());
  app.setValidatorCompiler(validatorCompiler);
  // Checking every answer costs a parse per request: in tests only, never where readers are served.
  const strictContracts = deps.config.NODE_ENV === 'test';
  app.setSerializerCompiler(responseSerializerCompiler(strictContracts));
  if (strictContracts) checkAnswersSentAsBytes(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerAccessLog(app, log);
  registerSecurityHeaders(app, headersFor);
  registerErrorHandler(app);
  const sessions = await registerSecurity(app, deps);
  registerCostlyReads(app, deps.config, deps.logger);
  registerInputBoundary(app);
  registerConsistency(app, deps);
  await registerOpenApi(app);

  await app.register(healthRoutes(deps));
  await app.register(accountRoutes(deps, sessions));
  const blogs = options.blogs ?? blogDirectory(deps);
  await app.register(personalRoutes(deps, sessions, blogs));
  await app.register(adminUserRoutes(deps, blogs));
  for (const routes of [...featureRoutes, ...(options.extraRoutes ?? [])]) await app.register(routes(deps));
  if (options.serveUi !== false) {
    const heads = new PageHeads(app, deps, await loadRenderer());
    await heads.start();
    app.addHook('onClose', async () => heads.close());
    await app.register(cardRoutes(deps, heads));
    await registerStaticUi(app, undefined, ready, heads);
  } else app.setNotFoundHandler((request, reply) => reply.code(404).send({ statusCode: 404, error: 'not_found', message: 'Not Found', requestId: request.id }));
  return app;
}
