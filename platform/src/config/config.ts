import path from 'node:path';
import { z } from 'zod';

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || isUrlWith(v, protocols), {
      message: `expected a URL like ${example}`,
    });

function isUrlWith(value: string, protocols: string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

const port = (fallback: number) =>
  z.coerce
    .number({ message: 'expected a port number' })
    .int('expected a whole port number')
    .min(1, 'expected a port from 1 to 65535')
    .max(65535, 'expected a port from 1 to 65535')
    .default(fallback);

const WINDOW_MS = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;
const LIMIT_EXAMPLE = 'expected limits like 60/minute,600/hour (a whole number above 0 per second, minute, hour or day)';

/** Rate limits as `max/window` pairs ("60/minute,600/hour"), each to `{ max, ms }`. */
const limitWindows = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((text, ctx) => {
      const windows = text.split(',').map((part) => {
        const match = /^\s*(\d{1,9})\s*\/\s*(second|minute|hour|day)\s*$/.exec(part);
        return match && Number(match[1]) > 0 ? { max: Number(match[1]), ms: WINDOW_MS[match[2] as keyof typeof WINDOW_MS] } : null;
      });
      if (windows.some((w) => w === null) || new Set(windows.map((w) => w!.ms)).size < windows.length) {
        ctx.addIssue({ code: 'custom', message: LIMIT_EXAMPLE });
        return z.NEVER;
      }
      return windows as { max: number; ms: number }[];
    });

const count = (fallback: number, what: string, max: number) =>
  z.coerce
    .number({ message: `expected a number of ${what}` })
    .int(`expected a whole number of ${what}`)
    .min(1, `expected at least 1`)
    .max(max)
    .default(fallback);

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'expected development, production or test' }).default('development'),
  HOST: z.string().trim().min(1, 'expected a host name or address').default('127.0.0.1'),
  PORT: port(3000),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/epos'),
  DATA_DIR: z.string().trim().min(1, 'expected a folder path').default('.data'),
  EMBEDDED_PG_PORT: port(54329),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  EVENTSTORE_URL: optionalUrl(['kurrentdb:', 'esdb:', 'kurrentdb+discover:', 'esdb+discover:'], 'kurrentdb://127.0.0.1:2113?tls=false'),
  TYPESENSE_URL: optionalUrl(['http:', 'https:'], 'http://127.0.0.1:8108'),
  TYPESENSE_API_KEY: z.string().trim().optional(),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:password@127.0.0.1:587'),
  /** The key `POST /api/Media` asks for in its `X-Api-Key` header; without it that call is closed. */
  MEDIA_API_KEY: z.string().trim().min(24, 'expected at least 24 characters').optional(),
  /** The Chromium that prints PDF editions; when the file is missing, PDF requests answer that PDFs are unavailable. */
  CHROMIUM_PATH: z.string().trim().min(1, 'expected the path of a Chromium executable').default('/usr/bin/chromium'),
  /** The speech cache's size cap on disk; the least recently heard audio goes first. */
  TTS_CACHE_MB: z.coerce.number({ message: 'expected megabytes' }).int('expected whole megabytes').min(1, 'expected at least 1 MB').max(1_000_000).default(256),
  /** The memory every in-memory cache of an API process shares (rendered answers, the front door, dictionary entries); the least recently used go first. */
  CACHE_MEMORY_MB: z.coerce
    .number({ message: 'expected megabytes' })
    .int('expected whole megabytes')
    .min(8, 'expected at least 8 MB')
    .max(1_000_000)
    .default(256),
  /** The storage each account's uploads may take (originals, counted from their upload events); administrators have none. 0: no upload at all. */
  STORAGE_ACCOUNT_QUOTA_MB: z.coerce
    .number({ message: 'expected megabytes' })
    .int('expected whole megabytes')
    .min(0, 'expected 0 or more megabytes')
    .max(10_000_000)
    .default(250),
  /** The storage the whole media library may take: every account's uploads, their thumbnails and web sizes, and the PDF editions kept. */
  STORAGE_SITE_QUOTA_MB: z.coerce
    .number({ message: 'expected megabytes' })
    .int('expected whole megabytes')
    .min(0, 'expected 0 or more megabytes')
    .max(100_000_000)
    .default(10_240),
  /** Free space an upload must leave on the disk of the media folder (read with statfs), for the database and the logs beside it. */
  STORAGE_MIN_FREE_MB: z.coerce
    .number({ message: 'expected megabytes' })
    .int('expected whole megabytes')
    .min(0, 'expected 0 or more megabytes')
    .max(100_000_000)
    .default(1024),
  /** An upload used nowhere (never, or no longer: its work deleted) for this long is swept from the library; 0 sweeps at the next sweep. */
  UNUSED_UPLOAD_GRACE_HOURS: z.coerce.number({ message: 'expected hours' }).min(0, 'expected 0 or more hours').max(87_600).default(48),
  /** A PDF edition of an older content version of its part is removed once nobody has asked for it for this long; the newest version's are kept. */
  OLD_RENDER_RETENTION_HOURS: z.coerce.number({ message: 'expected hours' }).min(0, 'expected 0 or more hours').max(87_600).default(168),
  /** How often the workers sweep unused uploads and old renders; 0 turns the sweep off. */
  STORAGE_SWEEP_MINUTES: z.coerce.number({ message: 'expected minutes' }).min(0, 'expected 0 (off) or more minutes').max(10_080).default(60),
  /** Multiplies every rate and write limit (load tests and benchmarks raise it). */
  RATE_LIMIT_FACTOR: z.coerce.number({ message: 'expected a number above 0' }).positive('expected a number above 0').max(1_000_000).default(1),
  /** Notification streams (server-sent events) one session may hold open at once in an API process: a reader's tabs. */
  STREAMS_PER_SESSION: z.coerce
    .number({ message: 'expected a number of streams' })
    .int('expected a whole number of streams')
    .min(1, 'expected at least 1 stream')
    .max(100_000, 'expected at most 100000 streams')
    .default(4),
  /** Notification streams one client address may hold open at once in an API process (IPv6 by its /64): a household's or an office's readers. */
  STREAMS_PER_ADDRESS: z.coerce
    .number({ message: 'expected a number of streams' })
    .int('expected a whole number of streams')
    .min(1, 'expected at least 1 stream')
    .max(100_000, 'expected at most 100000 streams')
    .default(16),
  /** Notification streams an API process holds open at once, from everyone. */
  STREAMS_PER_PROCESS: z.coerce
    .number({ message: 'expected a number of streams' })
    .int('expected a whole number of streams')
    .min(1, 'expected at least 1 stream')
    .max(100_000, 'expected at most 100000 streams')
    .default(2_000),
  /** Per address, the searches (`/api/v2/search`) it may make, as `max/window` pairs; each multiplied by RATE_LIMIT_FACTOR. */
  SEARCH_LIMIT: limitWindows('60/minute,600/hour'),
  /** Per address, the search downloads (`/api/v2/search/download`, up to 5,000 hits each). */
  SEARCH_DOWNLOAD_LIMIT: limitWindows('10/minute,60/hour'),
  /** Per address, the counts over a wide range (`/api/count`, `/api/count/cantos` over more than WIDE_COUNT_SENTENCES). */
  WIDE_COUNT_LIMIT: limitWindows('120/minute,1200/hour'),
  /** Per address, the lists of a book's offline packs (`/api/packs/{book}`), each of which may make every pack of the book. */
  PACK_LIST_LIMIT: limitWindows('60/minute,600/hour'),
  /** Per address, the PDF requests, whoever is signed in there (beside each reader's own 5 a minute and 30 an hour). */
  PDF_ADDRESS_LIMIT: limitWindows('10/minute,60/hour'),
  /** Per address, the share cards (`/card/…`) it may have drawn: only a card not made yet counts. */
  SHARE_CARD_LIMIT: limitWindows('30/minute,300/hour'),
  /** A count over more sentences than this is a wide one: limited per address and in how many run at once. */
  WIDE_COUNT_SENTENCES: count(1000, 'sentences', 1_000_000),
  /** In each API process, how many searches are answered at once; more wait in line (COSTLY_QUEUE, COSTLY_WAIT_MS). */
  SEARCHES_AT_ONCE: count(2, 'searches', 1000),
  /** In each API process, how many search downloads are answered at once. */
  SEARCH_DOWNLOADS_AT_ONCE: count(1, 'downloads', 1000),
  /** In each API process, how many wide counts are answered at once. */
  WIDE_COUNTS_AT_ONCE: count(2, 'counts', 1000),
  /** In each API process, how many lists of offline packs are answered at once. */
  PACK_LISTS_AT_ONCE: count(2, 'lists', 1000),
  /** Of each kind above, how many more may wait for their turn; past that the answer is 503 with Retry-After. */
  COSTLY_QUEUE: z.coerce.number({ message: 'expected a number of requests' }).int('expected a whole number of requests').min(0).max(100_000).default(20),
  /** How long one waits for its turn before the answer is 503 with Retry-After. */
  COSTLY_WAIT_MS: z.coerce.number({ message: 'expected milliseconds' }).int('expected whole milliseconds').min(0).max(60_000).default(2000),
  /** Share of ordinary requests written to the access log (0 to 1); failed and slow ones always are. */
  ACCESS_LOG_SAMPLE: z.coerce
    .number({ message: 'expected a share from 0 to 1' })
    .min(0, 'expected a share from 0 to 1')
    .max(1, 'expected a share from 0 to 1')
    .default(0.01),
  /** In each process, sampled access lines a second at most (0: no limit), so a flood of reads cannot flood the log; failed and slow ones are not counted. */
  ACCESS_LOG_SAMPLED_PER_SECOND: z.coerce
    .number({ message: 'expected a number of lines a second' })
    .int('expected a whole number of lines a second')
    .min(0, 'expected 0 (no limit) or more lines a second')
    .max(1_000_000)
    .default(10),
  /** An answer slower than this is always logged, as a warning. */
  SLOW_REQUEST_MS: z.coerce.number({ message: 'expected milliseconds' }).int('expected whole milliseconds').min(1).max(600_000).default(1000),
  /** The publishing schedule's safety-net sweep; 0 turns it off (the reactor alone queues publishing jobs). */
  SCHEDULE_SWEEP_SECONDS: z.coerce
    .number({ message: 'expected seconds' })
    .int('expected whole seconds')
    .min(0, 'expected 0 (off) or more seconds')
    .max(86_400)
    .default(30),
  CONSISTENCY_TIMEOUT_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(0).max(60_000).default(3000),
  /** How long a projection's lease lasts unless renewed: the longest a killed projections process goes unreplaced. */
  PROJECTION_LEASE_SECONDS: z.coerce.number({ message: 'expected seconds' }).min(1, 'expected at least 1 second').max(600).default(5),
  /** /api/health reports a projection stalled when it is behind the head and its checkpoint has not moved for this long. */
  PROJECTION_STALL_SECONDS: z.coerce.number({ message: 'expected seconds' }).min(1, 'expected at least 1 second').max(86_400).default(30),
  /** Default: on, except in production. */
  SEED_DEMO: flag(true),
  TRUST_PROXY: flag(false),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://epos.example.org'),
  SITE_NAME: z.string().trim().min(1).max(100).default('Epos'),
  POEM_TITLE: z.string().trim().min(1).max(200).default('The Lamp of Evening'),
  POEM_AUTHOR: z.string().trim().min(1).max(200).default('The Epos demo'),
  ARTIST_NAME: z.string().trim().min(1).max(200).default('the artist'),
  LABEL_MOTHER_NOTE: z.string().trim().min(1).max(100).default("The Mother's note"),
  LABEL_AUTHOR_NOTE: z.string().trim().min(1).max(100).default("The author's note"),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once; a bad value names the variable and what it expects. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '');
        const got = env[name];
        // URLs and keys may carry secrets: never echo them.
        const echo = got !== undefined && !/(_URL|_KEY)$/.test(name);
        return `${name}: ${issue.message}${echo ? ` (got "${got}")` : ''}`;
      }),
    );
  }
  const seedDemo = env.SEED_DEMO === undefined || env.SEED_DEMO === '' ? result.data.NODE_ENV !== 'production' : result.data.SEED_DEMO;
  if (seedDemo && result.data.NODE_ENV === 'production') {
    throw new ConfigError([
      'SEED_DEMO: the demo comes with accounts whose passwords are published, so it cannot be loaded in production (unset SEED_DEMO or set it to false)',
    ]);
  }
  return { ...result.data, SEED_DEMO: seedDemo, dataDir: path.resolve(result.data.DATA_DIR) };
}
