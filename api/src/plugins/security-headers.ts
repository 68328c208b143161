import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

/** The site's policy for this answer, but with inline styles allowed (scripts stay as strict). */
export function allowInlineStyles(reply: FastifyReply): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"));
}

/**
 * Content-Security-Policy, Permissions-Policy and helmet's other headers. Styles come from the
 * site's own files only, except in the admin console, whose component library (MUI, through
 * emotion) writes its styles into <style> elements as it renders.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // Posts may show images from other https sites (the sanitiser allows them).
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'", 'blob:'],
        'style-src': ["'self'"],
      },
    },
    strictTransportSecurity: config.NODE_ENV === 'production',
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.url === '/admin' || request.url.startsWith('/admin/')) allowInlineStyles(reply);
  });
}
