/**
 * npm run create-admin -- <username> <email>
 * Creates an administrator with no password yet and prints a one-time link to set one.
 */
import { parseArgs } from 'node:util';
import { boot } from '@epos/platform';
import { registerBody, SYSTEM_ACTOR } from '@epos/schemas';
import { Credentials } from '@epos/platform/accounts/credentials';
import { siteUrl } from '@epos/platform';
import { provisionUser } from '@epos/api/accounts/provision';

const { positionals } = parseArgs({ allowPositionals: true });
const [userName, email] = positionals;
const checked = registerBody.pick({ UserName: true, Email: true }).safeParse({ UserName: userName ?? '', Email: email ?? '' });
if (!userName || !email || !checked.success) {
  console.error(`usage: npm run create-admin -- <username> <email>${checked.success ? '' : `\n${checked.error.issues[0]!.message}`}`);
  process.exit(1);
}
const runtime = await boot('tool', { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
try {
  const userId = await provisionUser(runtime, { userName, email, name: userName, password: null, role: 'admin', confirmed: true, actor: SYSTEM_ACTOR });
  const code = await new Credentials(runtime.database.db).issueCode(userId, 'reset');
  console.log(
    `Administrator ${userName} created. Set the password within one hour, once, at:\n${siteUrl(runtime.config)}/reset-password?${new URLSearchParams({ userId, code })}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await runtime.shutdown.run();
}
