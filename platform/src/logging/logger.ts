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

export function loggerOptions(level: string, name: string): LoggerOptions {
  return { level, name, redact: { paths: redactPaths, censor: '[redacted]' } };
}

export function createLogger(level: string, name: string): Logger {
  return pino(loggerOptions(level, name));
}
