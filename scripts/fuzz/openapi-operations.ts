import type { JsonSchema } from './json-schema.js';

/** The part of an OpenAPI 3 document the fuzzer reads. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
}

interface OpenApiOperation {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `GET /api/blogs/{blog}`: how reports name it. */
  route: string;
  method: string;
  /** The OpenAPI path template. */
  path: string;
  summary: string;
  parameters: Parameter[];
  /** The request body's schema; `documented` false when it came from undocumented-bodies.ts. */
  body: { schema: JsonSchema; documented: boolean } | null;
  /** Takes file uploads (multipart/form-data): attacked with broken multipart bodies. */
  upload: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every operation of the document, in its order. `extraBodies` supplies the body schema of routes
 * that validate a body the document does not describe (keyed by route, e.g. `POST /login`).
 */
export function operationsOf(document: OpenApiDocument, extraBodies: Readonly<Record<string, JsonSchema>> = {}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const route = `${method.toUpperCase()} ${path}`;
      const content = operation.requestBody?.content ?? {};
      const documented = Object.entries(content).find(([type]) => type.includes('json'))?.[1]?.schema;
      const extra = extraBodies[route];
      const summary = operation.summary ?? '';
      operations.push({
        route,
        method: method.toUpperCase(),
        path,
        summary,
        parameters: (operation.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({ name: p.name, in: p.in as 'path' | 'query', required: p.in === 'path' || p.required === true, schema: p.schema ?? {} })),
        body: documented ? { schema: documented, documented: true } : extra ? { schema: extra, documented: false } : null,
        upload: 'multipart/form-data' in content || /\bupload/i.test(summary),
      });
    }
  }
  return operations;
}

/** Whether a method changes state (and so carries the anti-forgery token and a body). */
export function isWrite(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method);
}
