import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Loading } from './loading';
import { noteRenderedModule } from './server-answers';

/**
 * A screen whose code loads on demand, with the spinner while it does. `module` is its source path
 * as the browser build's manifest names it (`src/…`): a page the server renders with it links the
 * module's styles and code (api/src/page-heads/page-bodies.ts), so it shows styled and hydrates
 * without waiting for them.
 */
export function lazyScreen<Props extends object = object>(
  module: `src/${string}`,
  load: () => Promise<{ default: ComponentType<Props> }>,
): (props: Props) => ReactElement {
  const Screen = lazy(load);
  return function LazyScreen(props: Props) {
    if (typeof window === 'undefined') noteRenderedModule(module);
    return (
      <Suspense fallback={<Loading />}>
        <Screen {...props} />
      </Suspense>
    );
  };
}
