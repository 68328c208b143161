/**
 * What the server hands the reader app to render a page (issue 37): the page's address and the API
 * answers its first render reads, keyed by the API URL the app would have fetched them from. The
 * same answers are written into the page (`<script type="application/json" id="epos-data">`), so
 * the browser's first render reads them too and hydrates what the server rendered.
 */
export type ServerAnswers = Readonly<Record<string, unknown>>;

export interface ServerRenderInput {
  /** The address's path (`/1/2/3`). */
  readonly path: string;
  /** Its query without the `?` (`lang=de`), or ''. */
  readonly search: string;
  readonly answers: ServerAnswers;
}

export interface ServerRenderOutput {
  /** The HTML inside the page's `#root`. */
  readonly html: string;
}

/** The reader app's server entry (reader-ui/src/entry-server.tsx), as its build exports it. */
export interface ServerRenderer {
  renderPage(input: ServerRenderInput, signal: AbortSignal): Promise<ServerRenderOutput>;
}

/** The id of the page's JSON data element. */
export const SERVER_ANSWERS_ID = 'epos-data';
