import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', NODE_ENV: 'development', SEED_DEMO: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('reads valid values', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u:p@db:5432/epos', SEED_DEMO: 'false', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgres://u:p@db:5432/epos', SEED_DEMO: false, REDIS_URL: 'redis://127.0.0.1:6379' });
  });

  it.each([
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL: expected a URL like postgres://user:password@host:5432/epos'],
    [{ DATABASE_URL: 'mysql://u@h/db' }, 'DATABASE_URL: expected a URL like postgres://'],
    [{ PORT: 'eighty' }, 'PORT: expected a port number (got "eighty")'],
    [{ PORT: '70000' }, 'PORT: expected a port from 1 to 65535'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: expected one of fatal'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO: expected true or false'],
    [{ SEED_DEMO: 'true', NODE_ENV: 'production' }, 'SEED_DEMO: the demo comes with accounts whose passwords are published'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL: expected a URL like redis://127.0.0.1:6379'],
  ])('stops on %o naming the variable and what it expects', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each(['postgres://admin:hunter2@', 'redis://:hunter2@/0', 'smtp://u@h?password=hunter2x'])('never prints a secret from a bad URL (%s)', (url) => {
    expect(() => loadConfig({ DATABASE_URL: url, REDIS_URL: url, SMTP_URL: url.replace('smtp', 'ftp') })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: url, REDIS_URL: url, SMTP_URL: url.replace('smtp', 'ftp') })).not.toThrow(/hunter2/);
  });
});
