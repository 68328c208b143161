import type { FastifyPluginAsync } from 'fastify';
import type { ApiDeps } from '../deps.js';
import { requirePermission } from '../accounts/security.js';
import { eventRoutes } from './events/routes.js';
import { historyRoutes } from './history/routes.js';
import { sentenceRoutes } from './sentences/routes.js';
import { translationRoutes } from './translations/routes.js';
import { relationRoutes } from './relations/routes.js';
import { layerRoutes } from './layers/routes.js';
import { userRoutes } from './users/routes.js';
import { blogAdminRoutes } from './blogs/routes.js';
import { postRoutes } from './posts/routes.js';
import { commentAdminRoutes } from './comments/routes.js';
import { queueRoutes } from './queues/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { suggestionAdminRoutes } from './suggestions/routes.js';
import { authorAdminRoutes } from './authors/routes.js';
import { bookAdminRoutes } from './books/routes.js';
import { pageAdminRoutes } from './pages/routes.js';
import { mediaAdminRoutes } from './media/routes.js';
import { curatedPlanAdminRoutes } from './plans/routes.js';

/**
 * The admin console's API at /admin-api/<resource> (ra-data-simple-rest conventions), admins only,
 * reads included. Each resource is a folder here exporting its routes; adding one is one line.
 * Writes name their permission like every other write (CSRF, the one permission table) and go
 * through the same deciders and command handling as the site API.
 */
const resources: ((deps: ApiDeps) => FastifyPluginAsync)[] = [
  eventRoutes,
  historyRoutes,
  sentenceRoutes,
  translationRoutes,
  relationRoutes,
  layerRoutes,
  userRoutes,
  blogAdminRoutes,
  postRoutes,
  commentAdminRoutes,
  queueRoutes,
  dashboardRoutes,
  suggestionAdminRoutes,
  authorAdminRoutes,
  bookAdminRoutes,
  pageAdminRoutes,
  mediaAdminRoutes,
  curatedPlanAdminRoutes,
];

export function adminRoutes(deps: ApiDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(
      async (admin) => {
        // before validation, so a stranger learns nothing of what the API expects
        admin.addHook('onRequest', async (request) => requirePermission(request, 'admin.console'));
        for (const resource of resources) await admin.register(resource(deps));
      },
      { prefix: '/admin-api' },
    );
  };
}
