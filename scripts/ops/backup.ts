/** npm run backup -- --file <folder>: see backup-command.ts. */
import { backup } from './backup-command.js';
import { runCommand } from './cli.js';

await runCommand('backup', () => backup(process.argv.slice(2)));
