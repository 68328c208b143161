import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '@epos/platform';

/** Powerful browser features the site never uses, off for it and anything it embeds (audio and speech need no permission). */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Helmet's headers that no browser in use acts on, or that CSP's frame-ancestors replaces: each costs
 * every answer its writing (docs/decisions/page-security-headers.md). X-XSS-Protection (the auditor
 * it switched off is gone), X-Download-Options (Internet Explorer 8), X-Permitted-Cross-Domain-Policies
 * (Flash and Acrobat policy files, none served), X-Frame-Options (frame-ancestors 'self' says it),
 * X-DNS-Prefetch-Control and Origin-Agent-Cluster (hints, not protections).
 */
const OBSOLETE_HEADERS_OFF = {
  xXssProtection: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xFrameOptions: false,
  xDnsPrefetchControl: false,
  originAgentCluster: false,
} as const satisfies HelmetOptions;

const inlineStylesAllowed = (policy: string) => policy.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'");

/** The site's policy for this answer, but with inline styles allowed (scripts stay as strict). */
export function allowInlineStyles(reply: FastifyReply): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', inlineStylesAllowed(policy));
}

/** The headers helmet sets for these options: the same for every answer, so computed once. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** The security headers for a path: the same for every answer under it, so computed once. */
export type SecurityHeaders = (path: string) => Readonly<Record<string, string>>;

/** Paths whose answers are never pages of ours nor scripts (JSON, feeds, audio), but the API's own documentation page. */
const API_PATHS = /^\/(?:api\/(?!docs(?:\/|$))|postdata\/|admin-api\/)/;
/** The apps' built scripts, styles and files. */
const ASSET_PATHS = /^\/(?:admin\/)?assets\//;
/** What other sites show of ours: a sentence in their iframe, and its oEmbed answer. */
const EMBED_PATHS = /^\/(?:embed\/|oembed$)/;

/**
 * Three sets, each computed once at start:
 * - Pages get Content-Security-Policy, Permissions-Policy and helmet's other headers. Styles come
 *   from the site's own files only, except in the admin console, whose component library (MUI,
 *   through emotion) writes its styles into <style> elements as it renders.
 * - API answers, never pages, get what matters for them (OWASP's REST guidance): no sniffing, no
 *   framing, nothing loaded if one is opened as a document, not readable by other sites' pages.
 * - Built assets get their app's page policy and referrer policy (a worker runs under those its
 *   script came with: the editor's spell checker fetches its dictionary), no sniffing, and
 *   same-origin reads only.
 * The document-only headers (permissions and opener policies) do nothing on
 * the last two and cost a quarter of a small answer's time to write.
 */
export function securityHeaders(config: Pick<Config, 'NODE_ENV'>): SecurityHeaders {
  const production = config.NODE_ENV === 'production';
  const pageHeaders: Record<string, string> = {
    ...helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          // Posts may show images from other https sites (the sanitiser allows them).
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'media-src': ["'self'", 'blob:'],
          // Readers' video works, embedded only from YouTube's no-cookie host (never arbitrary frames).
          'frame-src': ['https://www.youtube-nocookie.com'],
          'style-src': ["'self'"],
          // Only where the site is served over HTTPS (production, with HSTS): on a plain-http site the
          // browser would upgrade same-site redirects (an image to its web size) to https and fail.
          'upgrade-insecure-requests': production ? [] : null,
        },
      },
      strictTransportSecurity: production,
      ...OBSOLETE_HEADERS_OFF,
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  const adminHeaders = { ...pageHeaders, 'content-security-policy': inlineStylesAllowed(pageHeaders['content-security-policy']!) };
  const hsts = production ? { 'strict-transport-security': pageHeaders['strict-transport-security']! } : {};
  const notPage = { 'cross-origin-resource-policy': 'same-origin', 'x-content-type-options': 'nosniff', ...hsts };
  const apiHeaders = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", ...notPage };
  const assetHeaders = (page: Record<string, string>) => ({
    'content-security-policy': page['content-security-policy']!,
    'referrer-policy': page['referrer-policy']!,
    ...notPage,
  });
  const [readerAssets, adminAssets] = [assetHeaders(pageHeaders), assetHeaders(adminHeaders)];
  // Framed and read by any site: no frame or cross-origin restrictions; the embed sets its own policy (api/src/embed).
  const embedHeaders = {
    'content-security-policy': "default-src 'none'; frame-ancestors *",
    'cross-origin-resource-policy': 'cross-origin',
    'access-control-allow-origin': '*',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    ...hsts,
  };
  return (path) => {
    const admin = path === '/admin' || path.startsWith('/admin/');
    if (EMBED_PATHS.test(path)) return embedHeaders;
    if (API_PATHS.test(path)) return apiHeaders;
    if (ASSET_PATHS.test(path)) return admin ? adminAssets : readerAssets;
    return admin ? adminHeaders : pageHeaders;
  };
}

/** Writes the security headers on every answer. */
export function registerSecurityHeaders(app: FastifyInstance, headersFor: SecurityHeaders): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headersFor(request.url.split('?', 1)[0]!));
  });
}
