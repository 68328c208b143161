/** npm run restore -- --file <folder>: see restore-command.ts. */
import { runCommand } from './cli.js';
import { restore } from './restore-command.js';

await runCommand('restore', () => restore(process.argv.slice(2)));
