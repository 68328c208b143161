import type { ApiError } from '@epos/schemas/api/errors';
import { BEING_REBUILT_CODE, BEING_REBUILT_MESSAGE } from '@epos/schemas/api/being-rebuilt';
import { BUSY_CODE, refusedMessage } from '@epos/schemas/api/refusals';
import { GENERIC_ERROR, NOT_FOUND, OFFLINE_NOT_KEPT } from './messages';

/**
 * The app's one HTTP client. Every call answers a `Result` and never throws, except a read whose
 * caller aborted it (through `signal`). Reads ask for JSON with the session's cookie; writes (POST, PATCH, DELETE) go
 * with the page's anti-forgery token, and a refused token (403) is fetched anew and the write tried
 * once more. A failure carries the site's error shape as far as the answer had it, and the sentence
 * to show (section 8 of the spec: the call's not-found text, a refusal's own words, or "An error occured").
 */

/** What the site said went wrong (its one error shape, schemas/src/api/errors.ts), as far as the answer said it. */
export interface Problem {
  /** The site's code ("validation", "busy"…); undefined for the spec's own `{ type: 0, error }` answers. */
  readonly code: string | undefined;
  readonly message: string | undefined;
  readonly fields: readonly Pick<NonNullable<ApiError['fields']>[number], 'field' | 'message'>[];
}

export type Result<T> =
  | {
      readonly ok: true;
      readonly status: number;
      readonly data: T;
      /** The command's X-Position: reads after it can wait for it (`after`). */
      readonly position: string | null;
      /** Where a followed redirect landed (the API URL), else null. */
      readonly redirectedTo: string | null;
    }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly problem: Problem };

export type Failure = Extract<Result<unknown>, { ok: false }>;

export const CSRF_HEADER = 'X-CSRF-Token';
const CSRF_URL = '/api/csrf';

export interface ReadOptions {
  readonly signal?: AbortSignal | undefined;
  /** An X-Position of one's own earlier write: the answer comes once it can be read. */
  readonly after?: string | null | undefined;
  /** Past the browser's cache (after an edit). */
  readonly fresh?: boolean;
  /** What a 404 says: the server's own words when they are among these, else the first. */
  readonly notFound?: string | readonly [string, ...string[]];
  /** The call's own sentence for a failure, where it has one; else the site's rule (failureText). */
  readonly failure?: (status: number, problem: Problem) => string | undefined;
  /** What the answer must look like to be used; anything else is "An error occured". */
  readonly shape?: (body: unknown) => boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

const NO_PROBLEM: Problem = { code: undefined, message: undefined, fields: [] };

/** Reads the site's error shape `{ statusCode, error, message, fields? }` (or the spec's `{ error }`) loosely. */
export function problemOf(body: unknown): Problem {
  if (!isRecord(body)) return NO_PROBLEM;
  const fields = Array.isArray(body.fields)
    ? body.fields.flatMap((f) => {
        if (typeof f === 'string') return [{ field: f, message: '' }];
        return isRecord(f) && typeof f.field === 'string' ? [{ field: f.field, message: typeof f.message === 'string' ? f.message : '' }] : [];
      })
    : [];
  const code = typeof body.error === 'string' && !('type' in body) ? body.error : undefined;
  return { code, message: text(body.message) ?? text(body.error), fields };
}

/**
 * The site's rule for what a reader is told of a failed call: the call's not-found text (the server's
 * own when it is one the call expects), that the part is being rebuilt, the server's own words when it
 * refused for rate or load (they say when to come back), or the spec's generic error.
 */
export function failureText(
  status: number,
  problem: Problem,
  notFound: string | readonly [string, ...string[]] = NOT_FOUND,
  retryAfter: string | null = null,
): string {
  if (status === 404) {
    const texts: readonly string[] = typeof notFound === 'string' ? [notFound] : notFound;
    return problem.message !== undefined && texts.includes(problem.message) ? problem.message : (texts[0] ?? NOT_FOUND);
  }
  if (status === 503 && problem.code === BEING_REBUILT_CODE) return BEING_REBUILT_MESSAGE;
  if (status === 429 || (status === 503 && problem.code === BUSY_CODE)) {
    // Its words, not its code.
    return problem.message !== undefined && problem.message !== problem.code ? problem.message : refusedMessage(retryAfter);
  }
  return GENERIC_ERROR;
}

/** For the admins' and authors' screens: 'Not Found' for a 404, else the server's own words (or the generic error). */
export function serverSaid(failure: Failure): string {
  return failure.status === 404 ? NOT_FOUND : (failure.problem.message ?? GENERIC_ERROR);
}

/** A call that never got an answer (offline with no copy kept, refused by the browser). */
export const unanswered = (): Failure => ({
  ok: false,
  status: 0,
  message: typeof navigator !== 'undefined' && !navigator.onLine ? OFFLINE_NOT_KEPT : GENERIC_ERROR,
  problem: NO_PROBLEM,
});

/** The Result of an answer already read: a 2xx with its body, or a failure said by `options`. */
export function resultOf<T>(status: number, body: unknown, headers: { get(name: string): string | null }, options: ReadOptions = {}): Result<T> {
  if (status >= 200 && status <= 299) {
    if (options.shape !== undefined && !options.shape(body)) return { ok: false, status, message: GENERIC_ERROR, problem: NO_PROBLEM };
    return { ok: true, status, data: body as T, position: headers.get('X-Position'), redirectedTo: null };
  }
  const problem = problemOf(body);
  const message = options.failure?.(status, problem) ?? failureText(status, problem, options.notFound, headers.get('retry-after'));
  return { ok: false, status, message, problem };
}

function readHeaders(options: ReadOptions, accept: string): Record<string, string> {
  const headers: Record<string, string> = { accept };
  if (options.after) headers['X-Consistent-After'] = options.after;
  if (options.fresh || options.after) headers['cache-control'] = 'no-cache';
  return headers;
}

async function read<T>(url: string, options: ReadOptions, accept: string, body: (response: Response) => Promise<unknown>): Promise<Result<T>> {
  try {
    const response = await fetch(url, { headers: readHeaders(options, accept), credentials: 'same-origin', signal: options.signal ?? null });
    const content = response.ok ? await body(response) : await response.json().catch(() => null);
    const result = resultOf<T>(response.status, content, response.headers, options);
    return result.ok && response.redirected ? { ...result, redirectedTo: response.url } : result;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return unanswered();
  }
}

/** GET a JSON answer. */
export function getJson<T = unknown>(url: string, options: ReadOptions = {}): Promise<Result<T>> {
  return read<T>(url, options, 'application/json', (response) => response.json());
}

/** GET bytes (a recording, a dictionary); a failure is read as the site's error shape. */
export function getBlob(url: string, options: ReadOptions = {}): Promise<Result<Blob>> {
  return read<Blob>(url, options, '*/*', (response) => response.blob());
}

/** GET a text file. */
export function getText(url: string, options: ReadOptions = {}): Promise<Result<string>> {
  return read<string>(url, options, '*/*', (response) => response.text());
}

// ---------------------------------------------------------------- the anti-forgery token

let csrfToken: Promise<string> | null = null;

async function fetchCsrfToken(): Promise<string> {
  const answer = await getJson<unknown>(CSRF_URL);
  const token = answer.ok && isRecord(answer.data) ? text(answer.data.token) : undefined;
  if (token === undefined) throw new Error(`GET ${CSRF_URL} answered ${answer.status} without a token`);
  return token;
}

/** The page's anti-forgery token, fetched once and shared; a failed fetch is retried next time. */
function getCsrfToken(): Promise<string> {
  csrfToken ??= fetchCsrfToken().catch((error: unknown) => {
    csrfToken = null;
    throw error;
  });
  return csrfToken;
}

/** Forgets the token (after login or logout) and fetches a new one. */
export function renewCsrfToken(): void {
  csrfToken = null;
  prefetchCsrfToken();
}

/** Starts fetching the token early, so the first submit does not wait for it. */
export function prefetchCsrfToken(): void {
  getCsrfToken().catch(() => undefined);
}

/**
 * Runs `send` with the page's token; the site's refusal of it (a 403 in its error shape, say the
 * session ended) fetches a fresh one and sends once more. A command's own 403 (`{ type: 0, error }`:
 * a locked account) is its answer, never sent twice. `send` is how the request goes: fetch, or
 * XMLHttpRequest for upload progress.
 */
export async function sendWithToken<T>(send: (token: string) => Promise<Result<T>>): Promise<Result<T>> {
  try {
    const first = await send(await getCsrfToken());
    if (first.ok || first.status !== 403 || first.problem.code === undefined) return first;
    csrfToken = null;
    return await send(await getCsrfToken());
  } catch {
    return unanswered();
  }
}

/** A write's options: `after`, a position its checks must see (the X-Position of the write it follows). */
export interface WriteOptions {
  after?: string | null;
  /** Sent even if the page is closing (a last record as the reader leaves). */
  keepalive?: boolean;
}

async function write<T>(
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  body?: () => BodyInit,
  options: WriteOptions = {},
): Promise<Result<T>> {
  const consistent: Record<string, string> = options.after ? { 'X-Consistent-After': options.after } : {};
  return sendWithToken(async (token) => {
    const response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { ...headers, ...consistent, accept: 'application/json', [CSRF_HEADER]: token },
      ...(options.keepalive ? { keepalive: true } : {}),
      ...(body ? { body: body() } : {}),
    });
    return resultOf<T>(response.status, await response.json().catch(() => null), response.headers, {
      failure: (_, problem) => problem.message ?? GENERIC_ERROR,
    });
  });
}

/** POSTs `body` as JSON. A failure's message is the server's sentence, or "An error occured". */
export function postJson<T = unknown>(url: string, body: unknown, options: WriteOptions = {}): Promise<Result<T>> {
  return write<T>('POST', url, { 'content-type': 'application/json' }, () => JSON.stringify(body), options);
}

/** PATCHes `body` as JSON: a change to one resource. */
export function patchJson<T = unknown>(url: string, body: unknown): Promise<Result<T>> {
  return write<T>('PATCH', url, { 'content-type': 'application/json' }, () => JSON.stringify(body));
}

/** DELETEs a resource. */
export function deleteResource<T = unknown>(url: string): Promise<Result<T>> {
  return write<T>('DELETE', url, {});
}

/** POSTs files as multipart/form-data, each under `field`. */
export function postFiles<T = unknown>(url: string, field: string, files: readonly File[]): Promise<Result<T>> {
  return write<T>('POST', url, {}, () => {
    const form = new FormData();
    for (const file of files) form.append(field, file, file.name);
    return form;
  });
}

/** Keeps a successful answer's position and status, with its data read by `read`. */
export function mapResult<A, B>(result: Result<A>, map: (data: A) => B): Result<B> {
  return result.ok ? { ...result, data: map(result.data) } : result;
}
