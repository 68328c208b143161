import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

const redactPaths = [
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

/**
 * A logger writing JSON lines to stdout asynchronously: a busy server never waits on its log
 * (pino flushes what is buffered when the process exits).
 */
export function createLogger(level: string, name: string): Logger {
  return pino(loggerOptions(level, name), pino.destination({ dest: 1, sync: false }));
}
