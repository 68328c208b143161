import type { Reactor } from '@epos/platform';
import { accountsReactor } from './accounts/reactor.js';
import { blogsReactor } from './blogs/reactor.js';
import type { ReactorContext } from './reactor-context.js';

/** Every reactor the workers process runs. Features add theirs here; README's table of effects lists them. */
export const reactors: readonly Reactor<ReactorContext>[] = [accountsReactor, blogsReactor];
