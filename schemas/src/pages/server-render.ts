import type { Language } from '../poem/editions.js';
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
  /** The reader's own translations, as their cookie names them, when the address names none (null: none named). */
  readonly ownLanguages: readonly Language[] | null;
}

export interface ServerRenderOutput {
  /** The HTML inside the page's `#root`. */
  readonly html: string;
  /**
   * The app's modules loaded on demand that the page rendered (their source paths, as the browser
   * build's manifest names them): the page links their styles and code, so that it shows styled
   * and hydrates without waiting for them.
   */
  readonly modules: readonly string[];
}

/** The reader app's server entry (reader-ui/src/entry-server.tsx), as its build exports it. */
export interface ServerRenderer {
  renderPage(input: ServerRenderInput, signal: AbortSignal): Promise<ServerRenderOutput>;
}

/** The id of the page's JSON data element. */
export const SERVER_ANSWERS_ID = 'epos-data';
