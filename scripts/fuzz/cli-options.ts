/** `npm run fuzz -- [options]`: what the command line says. */
import type { IdentityName } from './fuzz-request.js';
import type { Credentials } from './identities.js';

interface CliOptions {
  seconds: number | undefined;
  requests: number | undefined;
  seed: number;
  tier: 1 | 2;
  url: string | undefined;
  /** Fuzz the three roles as separate processes behind one proxy. */
  cluster: boolean;
  databaseUrl: string | undefined;
  credentials: Partial<Record<IdentityName, Credentials>>;
  json: string | undefined;
  trace: RegExp | undefined;
  help: boolean;
}

export const USAGE = `npm run fuzz -- [options]
  --seconds N        stop after N seconds (default 180 when --requests is not given either)
  --requests N       stop after N requests
  --seed N           the seed of every random choice (default 1): the same seed, the same
                     attacks in the same order (real values depend on the site's data)
  --quick            only the quick subset of hostile values (as the test in npm test)
  --url URL          fuzz a running site instead of an in-process API on a fresh database
                     (it writes: never against a site whose data matters)
  --cluster          fuzz the three roles as separate processes (2 API, 1 projections,
                     1 workers) behind one proxy, on a PostgreSQL of the run's own;
                     exits 1 also if a process exits by itself
  --database-url URL with --url: its PostgreSQL, to find events by correlation id
                     (without it, refusals are checked by the head position of /api/health)
  --login ROLE:USER:PASSWORD  with --url: how reader, blogger or admin sign in
                     (default: the demo accounts reader, blogger, admin)
  --json FILE        also write the result (failures in full) as JSON
  --trace REGEX      print every request whose route or attack matches, with its answer
Without --url, DATABASE_URL names the PostgreSQL server to make the fresh database on
(else an embedded one is started in a temporary folder).`;

/** The demo accounts, as a running site or the cluster has them. */
export const DEMO_LOGINS: Partial<Record<IdentityName, Credentials>> = {
  reader: { userName: 'reader', password: 'demo-reader-password' },
  blogger: { userName: 'blogger', password: 'demo-blogger-password' },
  admin: { userName: 'admin', password: 'demo-admin-password' },
};

const ROLE_NAMES: Record<string, IdentityName> = { reader: 'reader', user: 'reader', blogger: 'blogger', admin: 'admin' };

export function parseCli(args: readonly string[]): CliOptions {
  const options: CliOptions = {
    seconds: undefined,
    requests: undefined,
    seed: 1,
    tier: 2,
    url: undefined,
    cluster: false,
    databaseUrl: undefined,
    credentials: {},
    json: undefined,
    trace: undefined,
    help: false,
  };
  const logins: Partial<Record<IdentityName, Credentials>> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => {
      const next = args[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    const count = () => {
      const text = value();
      if (!/^\d+$/.test(text)) throw new Error(`${arg}: expected a whole number, got ${text}`);
      return Number(text);
    };
    if (arg === '--seconds') options.seconds = count();
    else if (arg === '--requests') options.requests = count();
    else if (arg === '--seed') options.seed = count();
    else if (arg === '--quick') options.tier = 1;
    else if (arg === '--url') options.url = value().replace(/\/$/, '');
    else if (arg === '--cluster') options.cluster = true;
    else if (arg === '--database-url') options.databaseUrl = value();
    else if (arg === '--json') options.json = value();
    else if (arg === '--trace') options.trace = new RegExp(value());
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--login') {
      const [role = '', userName = '', ...password] = value().split(':');
      const name = ROLE_NAMES[role];
      if (!name || !userName || password.length === 0) throw new Error(`--login: expected ROLE:USER:PASSWORD with ROLE reader, blogger or admin`);
      logins[name] = { userName, password: password.join(':') };
    } else throw new Error(`unknown option ${arg}\n\n${USAGE}`);
  }
  if (options.seconds === undefined && options.requests === undefined) options.seconds = 180;
  if (options.cluster && options.url) throw new Error('--cluster and --url: one target at a time');
  // A running site and the cluster have the demo accounts; the in-process API makes its own.
  options.credentials = options.url || options.cluster ? { ...DEMO_LOGINS, ...logins } : logins;
  return options;
}
