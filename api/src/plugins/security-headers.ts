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

/**
 * Content-Security-Policy, Permissions-Policy and helmet's other headers, computed once at start
 * and written on every answer. Styles come from the site's own files only, except in the admin
 * console, whose component library (MUI, through emotion) writes its styles into <style> elements
 * as it renders.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers: Record<string, string> = {
    ...helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          // Posts may show images from other https sites (the sanitiser allows them).
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'media-src': ["'self'", 'blob:'],
          'style-src': ["'self'"],
        },
      },
      strictTransportSecurity: config.NODE_ENV === 'production',
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  const adminHeaders = { ...headers, 'content-security-policy': inlineStylesAllowed(headers['content-security-policy']!) };
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    reply.headers(path === '/admin' || path.startsWith('/admin/') ? adminHeaders : headers);
  });
}
