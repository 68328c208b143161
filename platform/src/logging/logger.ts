import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.Password',
  '*.OldPassword',
  '*.NewPassword',
  '*.token',
];

const SECRET_PARAMS = /([?&](?:code|token|password|key)=)[^&#]*/gi;

/** A URL fit for a log line: one-time codes and tokens in its query are blanked. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  id?: unknown;
}

export function loggerOptions(level: string, name: string): LoggerOptions {
  return {
    level,
    name,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url ?? ''), host: req.host, remoteAddress: req.ip }),
    },
  };
}

type Destination = ReturnType<typeof pino.destination>;
const destinations = new Set<Destination>();

/** What is still buffered is written out as the process exits (one listener for every logger). */
function flushedOnExit(destination: Destination): Destination {
  if (destinations.size === 0) {
    process.once('exit', () => {
      for (const d of destinations) {
        try {
          d.flushSync();
        } catch {
          // Already closed, or stdout gone: nothing more can be written.
        }
      }
    });
  }
  destinations.add(destination);
  return destination;
}

/** A logger writing JSON lines to stdout asynchronously: a busy server never waits on its log. */
export function createLogger(level: string, name: string): Logger {
  return pino(loggerOptions(level, name), flushedOnExit(pino.destination({ dest: 1, sync: false })));
}
