import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import type { ServerRenderInput, ServerRenderOutput } from '@epos/schemas/pages/server-render';
import { App } from './app/app';
import { provideServerAnswers } from './ui/server-answers';

/**
 * The reader app rendered on the server (issue 37; docs/decisions/server-rendering.md): one page's
 * HTML from the same components, read from the answers the server hands it. Renders take turns,
 * as the app reads the answers from a module of its own.
 */
let turn: Promise<unknown> = Promise.resolve();

/** @public the server imports it from the build (api/src/page-heads/page-bodies.ts) */
export function renderPage(input: ServerRenderInput, signal: AbortSignal): Promise<ServerRenderOutput> {
  const rendered = turn.then(() => render(input, signal));
  turn = rendered.catch(() => undefined);
  return rendered;
}

async function render({ path, search, answers, ownLanguages }: ServerRenderInput, signal: AbortSignal): Promise<ServerRenderOutput> {
  const served = provideServerAnswers(answers, ownLanguages);
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerender(
      <Router ssrPath={path} ssrSearch={search}>
        <App />
      </Router>,
      // An error inside a Suspense boundary would leave its fallback (a spinner) in the page: the page is not rendered at all then.
      { signal, onError: (error) => void errors.push(error) },
    );
    if (errors.length > 0) throw errors[0];
    return { html: await new Response(prelude).text(), modules: served.modules() };
  } finally {
    served.done();
  }
}
