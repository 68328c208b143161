import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SITE_SEGMENTS } from '@epos/schemas/library/paths';
import { buildApi } from '../app.js';
import { counterRoutes } from '../testkit/counter-routes.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';

/** The routes each Fastify instance declared, as its onRoute hook saw them: hidden ones too. */
const declared = vi.hoisted(() => new WeakMap<object, RouteOptions[]>());

vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof import('fastify')>();
  const recording = (options?: FastifyHttpOptions<Server>) => {
    const app = fastify.default(options);
    const routes: RouteOptions[] = [];
    declared.set(app, routes);
    app.addHook('onRoute', (route) => void routes.push(route));
    return app;
  };
  return { ...fastify, default: recording };
});

/** Swagger UI's own pages and assets: not API answers. */
const NOT_API = /^\/api\/docs(\/|$)/;
const SUCCESS = /^[23]/;

type OpenApiOperation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

type Route = { method: string; url: string; schema: RouteOptions['schema'] };

/** An app's routes, but Swagger UI's and the HEAD twin Fastify adds to each GET (it answers without a body). */
function routesOf(app: FastifyInstance): Route[] {
  const all = (declared.get(app) ?? []).flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url, schema: route.schema })));
  const gets = new Set(all.filter((r) => r.method === 'GET').map((r) => r.url));
  return all.filter((r) => !NOT_API.test(r.url) && !(r.method === 'HEAD' && gets.has(r.url)));
}

let api: TestApi;
let development: FastifyInstance;
let routes: Route[];

beforeAll(async () => {
  api = await startTestApi();
  // Some routes exist only in development (the mailbox at /dev/mail): the same API with that setting has them.
  development = await buildApi({ ...api.deps, config: { ...api.deps.config, NODE_ENV: 'development' } }, { extraRoutes: [counterRoutes], serveUi: false });
  await development.ready();
  routes = routesOf(api.app);
});
afterAll(async () => {
  await development?.close();
  await api?.close();
});

const name = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
const missingList = (what: string, missing: string[]) => `${missing.length} route(s) ${what}:\n  ${missing.join('\n  ')}`;

/** A route's url as the OpenAPI document writes it: `/a/:id/*` is `/a/{id}/{*}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{*}');

describe('response contracts', () => {
  it('every route declares a zod response schema for a success status, in test and in development', () => {
    const everyRoute = new Map([...routes, ...routesOf(development)].map((r) => [name(r.method, r.url), r]));
    expect(everyRoute.size).toBeGreaterThan(routes.length);
    const missing = [...everyRoute.values()]
      .filter((r) => !Object.entries(r.schema?.response ?? {}).some(([status, schema]) => SUCCESS.test(status) && schema instanceof z.ZodType))
      .map((r) => name(r.method, r.url));
    expect(missing, missingList('without a response schema for a 2xx/3xx status', missing)).toEqual([]);
  });

  it('the OpenAPI document shows a response schema for a success status of every route it lists', () => {
    const document = api.app.swagger() as OpenApiDocument;
    const operations = Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    const missing = operations
      .filter(({ path }) => !NOT_API.test(path))
      .filter(
        ({ operation }) =>
          !Object.entries(operation.responses ?? {}).some(
            ([status, answer]) => SUCCESS.test(status) && Object.values(answer.content ?? {}).some((c) => c.schema !== undefined),
          ),
      )
      .map(({ method, path }) => name(method, path));
    expect(missing, missingList('without a documented success response', missing)).toEqual([]);
  });

  it('the document lists every route not hidden on purpose, and the route log misses none the router has', () => {
    const document = api.app.swagger() as OpenApiDocument;
    const documented = new Set(Object.entries(document.paths ?? {}).flatMap(([path, methods]) => Object.keys(methods).map((method) => name(method, path))));
    const undocumented = routes.filter((r) => r.schema?.hide !== true && !documented.has(name(r.method, openApiPath(r.url)))).map((r) => name(r.method, r.url));
    expect(undocumented, missingList('missing from the OpenAPI document', undocumented)).toEqual([]);

    const logged = new Set(routes.filter((r) => r.method !== 'HEAD').map((r) => name(r.method, r.url)));
    const routed = new Set(
      routerRoutes(api.app.printRoutes())
        .filter((r) => !NOT_API.test(r.url) && r.method !== 'HEAD')
        .map((r) => name(r.method, r.url)),
    );
    expect(
      [...routed].filter((r) => !logged.has(r)),
      'routes the onRoute log missed',
    ).toEqual([]);
    expect(
      [...logged].filter((r) => !routed.has(r)),
      'routes printRoutes does not show (is its parsing out of date?)',
    ).toEqual([]);
  });
});

describe('the addresses the server owns', () => {
  it('keeps every route’s first path segment from the library, so no page is made at an address the server answers', () => {
    const firsts = new Set([...routes, ...routesOf(development)].map((r) => r.url.split('/')[1]!).filter((first) => first !== '' && !first.startsWith(':')));
    expect(firsts.size).toBeGreaterThan(3);
    const open = [...firsts].filter((first) => !SITE_SEGMENTS.has(first));
    expect(open, `first segments a library page could take: ${open.join(', ')}`).toEqual([]);
  });
});

/** The router's routes from `printRoutes()`: a tree of path fragments, with lines like `│   └── :id (GET, HEAD)`. */
function routerRoutes(printed: string): { method: string; url: string }[] {
  const parents: string[] = [];
  return printed.split('\n').flatMap((line) => {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) return [];
    const depth = match[1]!.length / 4;
    const url = (parents[depth - 1] ?? '') + match[2]!;
    parents.length = depth;
    parents.push(url);
    return (match[3] ?? '')
      .split(', ')
      .filter(Boolean)
      .map((method) => ({ method, url }));
  });
}
