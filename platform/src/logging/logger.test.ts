import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logger.js';

describe('logger', () => {
  it('never writes codes, tokens or passwords', () => {
    expect(redactUrl('/confirm-email?userId=1&code=abc123')).toBe('/confirm-email?userId=1&code=[redacted]');
    expect(redactUrl('/x?Token=t&a=b')).toBe('/x?Token=[redacted]&a=b');
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) });
    const log = pino(loggerOptions('info', 't'), sink);
    log.info(
      { req: { method: 'GET', url: '/reset-password?userId=u&code=s3cr3t', ip: '1.2.3.4' }, body: { Password: 'hunter2', NewPassword: 'x2' } },
      'request',
    );
    expect(lines.join('')).not.toMatch(/s3cr3t|hunter2|x2"/);
    expect(lines.join('')).toContain('[redacted]');
  });
});
