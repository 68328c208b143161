import { CSRF_HEADER, forgetCsrfToken, getCsrfToken } from '../../accounts/api';
import { readError } from './responses';

/**
 * The editor's HTTP calls. Unlike the account forms it needs the answers' bodies
 * (ids, revisions, redirects) and multipart uploads, which accounts/api.ts does not
 * offer; the anti-forgery token is the page's one. Never throws (except when the caller aborts a GET).
 */

export type Answer<T> =
  | { readonly ok: true; readonly status: number; readonly data: T; readonly position: string | null }
  | { readonly ok: false; readonly status: number; readonly message: string | undefined; readonly fields: readonly string[] | undefined };

const JSON_HEADERS = { accept: 'application/json' } as const;

async function answerOf<T>(response: Response): Promise<Answer<T>> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: body as T, position: response.headers.get('X-Position') };
  const { message, fields } = readError(body);
  return { ok: false, status: response.status, message, fields };
}

const failed = <T>(): Answer<T> => ({ ok: false, status: 0, message: undefined, fields: undefined });

/** GET a JSON answer; `after` (an X-Position) asks to see one's own earlier writes. */
export async function getJson<T = unknown>(url: string, options: { signal?: AbortSignal; after?: string | null } = {}): Promise<Answer<T>> {
  try {
    const headers: Record<string, string> = { ...JSON_HEADERS };
    if (options.after) headers['X-Consistent-After'] = options.after;
    const response = await fetch(url, { headers, credentials: 'same-origin', signal: options.signal ?? null });
    return await answerOf<T>(response);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return failed();
  }
}

/** POSTs with the anti-forgery token; a refused token (403) is fetched anew and the call tried once more. */
async function postWithToken<T>(url: string, init: () => RequestInit & { headers: Record<string, string> }): Promise<Answer<T>> {
  try {
    for (let attempt = 0; ; attempt++) {
      const request = init();
      request.headers[CSRF_HEADER] = await getCsrfToken();
      const response = await fetch(url, { ...request, method: 'POST', credentials: 'same-origin' });
      if (response.status === 403 && attempt === 0) {
        forgetCsrfToken();
        continue;
      }
      return await answerOf<T>(response);
    }
  } catch {
    return failed();
  }
}

export function postJson<T = unknown>(url: string, body: unknown): Promise<Answer<T>> {
  return postWithToken<T>(url, () => ({ headers: { ...JSON_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify(body) }));
}

/** POSTs files as multipart/form-data, each under `field`. */
export function postFiles<T = unknown>(url: string, field: string, files: readonly File[]): Promise<Answer<T>> {
  return postWithToken<T>(url, () => {
    const form = new FormData();
    for (const file of files) form.append(field, file, file.name);
    return { headers: { ...JSON_HEADERS }, body: form };
  });
}
