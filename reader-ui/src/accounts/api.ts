import type { CsrfAnswer, MeAnswer } from '@epos/schemas/accounts/responses';
import { GENERIC_ERROR } from '../app/messages';

/**
 * The account calls. Every POST sends JSON with the anti-forgery token from
 * GET /api/csrf in the X-CSRF-Token header; the server answers an `AccountAnswer`
 * (@epos/schemas/accounts/responses: `{ type: 1, message? }` or `{ type: 0, error }`
 * with a 4xx status), or the API's error shape when the site refuses the request
 * itself (a stale token, too many tries).
 */

export const CSRF_URL = '/api/csrf';
export const ME_URL = '/api/me';
export const CSRF_HEADER = 'X-CSRF-Token';

/** The account POSTs (spec section 7, and the personal-data routes). */
export const accountEndpoints = {
  register: '/register',
  login: '/login',
  logoff: '/logoff',
  changePassword: '/upassword',
  resetRequest: '/rpassword',
  activationRequest: '/ractivation',
  resetPassword: '/resetp',
  confirmEmail: '/confirmemail',
  /** `{ Password }`; on success the server has also ended the session. */
  deleteAccount: '/postdata/deleteAccount',
  updateSubscriptions: '/postdata/updateSubscriptions',
} as const;

/** GET: every blog, and which of them the logged-in reader follows. */
export const SUBSCRIPTIONS_URL = '/postdata/getSubscription';

/**
 * GET: everything the site keeps about the logged-in user, as a JSON attachment
 * (my-epos-data.json). Linked with a plain `<a download>`, not fetched.
 */
export const MY_DATA_URL = '/postdata/mydata';

export type AccountResult = { readonly ok: true; readonly message?: string } | { readonly ok: false; readonly error: string };

type SignedIn = Extract<MeAnswer, { loggedIn: true }>;

/** GET /api/me's answer as the pages use it: no name when the server has none. */
export interface Me {
  readonly loggedIn: MeAnswer['loggedIn'];
  readonly userName?: NonNullable<SignedIn['userName']>;
  readonly role?: SignedIn['role'];
}

const LOGGED_OUT: Me = { loggedIn: false };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Reads an account response. Success needs a 2xx status and `type: 1`; anything
 * else is a failure showing the server's `error` (or `message`), or the spec's
 * generic text when the body says nothing usable.
 */
export function toAccountResult(statusOk: boolean, body: unknown): AccountResult {
  if (isRecord(body)) {
    const message = text(body.message);
    if (statusOk && body.type === 1) return message === undefined ? { ok: true } : { ok: true, message };
    // The API's error shape (with `statusCode`) has a code in `error`; its `message` is the sentence to show.
    const error = typeof body.statusCode === 'number' ? undefined : text(body.error);
    return { ok: false, error: error ?? message ?? GENERIC_ERROR };
  }
  return { ok: false, error: GENERIC_ERROR };
}

/** Reads GET /api/me; anything unexpected counts as logged out. */
export function toMe(body: unknown): Me {
  if (!isRecord(body) || body.loggedIn !== true) return LOGGED_OUT;
  const answer = body as Partial<SignedIn>;
  const userName = text(answer.userName);
  const role = answer.role;
  return { loggedIn: true, ...(userName === undefined ? {} : { userName }), ...(role === undefined ? {} : { role }) };
}

let csrfToken: Promise<string> | null = null;

async function fetchCsrfToken(): Promise<string> {
  const response = await fetch(CSRF_URL, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  const body: unknown = response.ok ? await response.json() : null;
  const token = isRecord(body) ? text((body as Partial<CsrfAnswer>).token) : undefined;
  if (token === undefined) throw new Error(`GET ${CSRF_URL} answered ${response.status} without a token`);
  return token;
}

/** The page's anti-forgery token, fetched once and shared; a failed fetch is retried next time. */
export function getCsrfToken(): Promise<string> {
  csrfToken ??= fetchCsrfToken().catch((error: unknown) => {
    csrfToken = null;
    throw error;
  });
  return csrfToken;
}

/** Forgets the token after the server refused it; the next POST fetches a fresh one. */
export function forgetCsrfToken(): void {
  csrfToken = null;
}

/** Forgets the token (after login or logout, or when the server refused it) and fetches a new one. */
export function renewCsrfToken(): void {
  csrfToken = null;
  prefetchCsrfToken();
}

/** Starts fetching the token early, so the first submit does not wait for it. */
export function prefetchCsrfToken(): void {
  getCsrfToken().catch(() => undefined);
}

/** What a POST answered: its result, the HTTP status (0 when it never arrived) and the command's `X-Position`. */
export interface PostOutcome {
  readonly result: AccountResult;
  readonly status: number;
  readonly position: string | null;
  /** The answer's JSON as it came (null when there was none), for fields beyond the message. */
  readonly body: unknown;
}

/** POSTs `body` as JSON with the anti-forgery token and says what came back; never throws. */
export async function postCommand(url: string, body: Readonly<Record<string, unknown>>): Promise<PostOutcome> {
  try {
    const token = await getCsrfToken();
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', [CSRF_HEADER]: token },
      body: JSON.stringify(body),
    });
    // A stale token (say, the session ended) is refused with 403: the next try fetches a fresh one.
    if (response.status === 403) csrfToken = null;
    const json: unknown = await response.json().catch(() => null);
    return { result: toAccountResult(response.ok, json), status: response.status, position: response.headers.get('X-Position'), body: json };
  } catch {
    return { result: { ok: false, error: GENERIC_ERROR }, status: 0, position: null, body: null };
  }
}

/** POSTs `body` as JSON with the anti-forgery token; never throws. */
export async function postForm(url: string, body: Readonly<Record<string, unknown>>): Promise<AccountResult> {
  return (await postCommand(url, body)).result;
}

/** GET /api/me: who is logged in. Fails as "logged out". */
export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  try {
    const response = await fetch(ME_URL, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: signal ?? null });
    return response.ok ? toMe(await response.json()) : LOGGED_OUT;
  } catch {
    return LOGGED_OUT;
  }
}
