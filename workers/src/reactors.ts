import { ReactorRunner, type Reactor } from '@epos/platform';
import { accountsReactor } from './accounts/reactor.js';
import { blogsReactor } from './blogs/reactor.js';
import { suggestionsReactor } from './suggestions/reactor.js';
import { pdfReactor } from './pdf/reactor.js';
import { cardsReactor } from './cards/reactor.js';
import { mediaReactor } from './media/reactor.js';
import { storageReactor } from './media/storage-reactor.js';
import { isTransient, type ReactorContext } from './reactor-context.js';

/** Every reactor the workers process runs. Features add theirs here; the table of effects in docs/architecture.md lists them. */
export const reactors: readonly Reactor<ReactorContext>[] = [
  accountsReactor,
  blogsReactor,
  suggestionsReactor,
  pdfReactor,
  cardsReactor,
  mediaReactor,
  storageReactor,
];

/** The runner of every reactor, in the workers process (and the test API), over this context's log. */
export function reactorRunner(context: ReactorContext): ReactorRunner<ReactorContext> {
  return new ReactorRunner({
    database: context.database,
    store: context.store,
    reactors,
    context,
    logger: context.logger,
    isTransient: (error) => isTransient(context, error),
  });
}
