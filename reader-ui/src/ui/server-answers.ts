import { SERVER_ANSWERS_ID, type ServerAnswers } from '@epos/schemas/pages/server-render';
import type { Result } from '../ui/http';
import type { Language } from '@epos/schemas/poem/editions';
import { languagesFromCookie } from '@epos/schemas/poem/address-languages';

/**
 * The API answers the server rendered this page from (issue 37), by the API URL the app reads them
 * at. In the browser they come from the page's JSON element, so the first render equals the
 * server's and hydrates it without asking again; on the server, each render provides its own.
 */
let answers: ServerAnswers = readPageAnswers();

function readPageAnswers(): ServerAnswers {
  if (typeof document === 'undefined') return {};
  const element = document.getElementById(SERVER_ANSWERS_ID);
  if (element?.textContent == null) return {};
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ServerAnswers) : {};
  } catch {
    return {};
  }
}

/** Whether this page came rendered from the server, to be hydrated rather than rendered afresh. */
export const serverRendered = Object.keys(answers).length > 0;

/** The server's answer for `url`, if it rendered this page with one. */
export function serverAnswer<T>(url: string): T | undefined {
  return Object.hasOwn(answers, url) ? (answers[url] as T) : undefined;
}

/** Every answer the server rendered this page with, by its URL. */
export function serverAnswers(): [string, unknown][] {
  return Object.entries(answers);
}

/** A read answered from the server's answers. */
export function servedResult<T>(data: T): Result<T> {
  return { ok: true, status: 200, data, position: null, redirectedTo: null };
}

/** On the server, the modules loaded on demand that the render in progress rendered. */
let renderedModules = new Set<string>();

/** Notes that a module loaded on demand is part of the page (on the server; in the browser it is loaded already). */
export function noteRenderedModule(module: string): void {
  renderedModules.add(module);
}

/** On the server, the reader's own translations the render in progress is for (their cookie's). */
let ownLanguages: readonly Language[] | null = null;

/** The reader's own translations as their cookie names them (the browser's, or on the server the request's); null without one. */
export function cookieLanguages(): readonly Language[] | null {
  return typeof document === 'undefined' ? ownLanguages : languagesFromCookie(document.cookie);
}

/** On the server: the answers one render reads, until `done` (renders take turns: ../entry-server.tsx). */
export function provideServerAnswers(served: ServerAnswers, own: readonly Language[] | null = null): { modules(): string[]; done(): void } {
  answers = served;
  ownLanguages = own;
  renderedModules = new Set();
  return {
    modules: () => [...renderedModules],
    done() {
      answers = {};
      ownLanguages = null;
      renderedModules = new Set();
    },
  };
}

/** What `useLoad` and `usePagedList` are served with: the server's answer for `url`, if it rendered this page with one. */
export function servedAt<T>(url: string): () => T | undefined {
  return () => serverAnswer<T>(url);
}
