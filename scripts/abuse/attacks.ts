import type { Attack } from './attack.js';
import { diskAttack } from './disk.js';
import { expensiveCallsAttack } from './expensive-calls.js';
import { memoryAttack } from './memory.js';
import { streamsAttack } from './streams.js';

/** Every attack of `npm run abuse`, by the name `--only` takes. */
export const attacks: Record<string, Attack> = {
  memory: (target) => memoryAttack(target),
  streams: streamsAttack,
  'expensive-calls': expensiveCallsAttack,
  disk: diskAttack,
};
