import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '@epos/platform/config/config';
import { describeDatabaseError, isDatabaseUnavailable } from '@epos/platform/db/unavailable';

/** A problem the operator can fix (bad input, a wrong database): its message is all they see. */
export class OperatorError extends Error {}

const OPTIONS = {
  file: { type: 'string' },
  'database-url': { type: 'string' },
  'data-dir': { type: 'string' },
  sessions: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface CommandLine {
  file: string;
  sessions: boolean;
  config: Config & { DATABASE_URL: string };
}

/**
 * The command line of backup and restore (`--sessions` is restore's only), checked, with the
 * configuration it names; 'help' when asked for the usage.
 */
export function parseCommandLine(usage: string, command: 'backup' | 'restore', args: readonly string[], env: NodeJS.ProcessEnv): CommandLine | 'help' {
  let values;
  try {
    values = parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new OperatorError(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
  if (values.help) return 'help';
  if (values.sessions && command === 'backup') throw new OperatorError(`--sessions: an option of restore (a backup always holds the sessions)\n\n${usage}`);
  if (!values.file) throw new OperatorError(`--file: required\n\n${usage}`);
  const databaseUrl = values['database-url'] ?? env.DATABASE_URL;
  if (!databaseUrl) throw new OperatorError(`DATABASE_URL or --database-url: required (the site's PostgreSQL database)\n\n${usage}`);
  const config = loadOperatorConfig({ ...env, DATABASE_URL: databaseUrl, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) });
  return { file: values.file, sessions: values.sessions ?? false, config };
}

function loadOperatorConfig(env: NodeJS.ProcessEnv): Config & { DATABASE_URL: string } {
  try {
    const config = loadConfig(env);
    if (!config.DATABASE_URL) throw new OperatorError('DATABASE_URL: required');
    return { ...config, DATABASE_URL: config.DATABASE_URL };
  } catch (error) {
    if (error instanceof ConfigError) throw new OperatorError(error.message);
    throw error;
  }
}

/** The database as an operator names it: its name and server, never its password. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  return `"${decodeURIComponent(parsed.pathname.slice(1)) || '(default)'}" on ${parsed.host}`;
}

/**
 * Runs a command: its problems end it with a message and exit code 1, never a stack trace
 * (LOG_LEVEL=debug prints the stack of an unexpected one).
 */
export async function runCommand(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(`${name}: ${explain(error)}`);
    if (process.env.LOG_LEVEL === 'debug' && error instanceof Error && !(error instanceof OperatorError)) console.error(error.stack);
    process.exit(1);
  }
}

export function explain(error: unknown): string {
  if (error instanceof OperatorError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '3D000') return `${describeDatabaseError(error)}: create the database first (createdb), or check DATABASE_URL`;
  if (code === '28P01' || code === '28000') return `${describeDatabaseError(error)}: check the user and password in DATABASE_URL`;
  if (isDatabaseUnavailable(error)) return `cannot reach the database: ${describeDatabaseError(error)}`;
  return error instanceof Error ? error.message : String(error);
}
