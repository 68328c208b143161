import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError, type DataProvider } from 'react-admin';

/**
 * The admin API follows ra-data-simple-rest on the same origin:
 * GET /admin-api/<resource>?sort=[..]&range=[..]&filter={..} answered with a Content-Range header.
 * Writes carry the site's anti-forgery token, like every form of the site.
 */
export const ADMIN_API_URL = '/admin-api';

const STALE_EDIT = 'Someone else changed this record since you opened it. Reload the page to see their change, then edit again.';

let csrfToken: Promise<string> | null = null;
/** The log position of this console's latest write: later reads wait until they can show it. */
let lastWrite: string | null = null;

/** The session's anti-forgery token (GET /api/csrf), once; asked again after a refusal. */
function token(): Promise<string> {
  csrfToken ??= fetch('/api/csrf', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((response) => response.json() as Promise<{ token: string }>)
    .then((body) => body.token)
    .catch((error: unknown) => {
      csrfToken = null;
      throw error;
    });
  return csrfToken;
}

/**
 * POST, PUT and DELETE with the token; reads after them see them (X-Consistent-After); a 409 to a
 * PUT says the record changed under the editor.
 */
export async function adminFetch(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { accept: 'application/json' });
  const method = (options.method ?? 'GET').toUpperCase();
  const writes = method !== 'GET' && method !== 'HEAD';
  if (writes) headers.set('X-CSRF-Token', await token());
  else if (lastWrite !== null) headers.set('X-Consistent-After', lastWrite);
  try {
    const answer = await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
    const position = answer.headers.get('X-Position');
    if (writes && position !== null) lastWrite = position;
    return answer;
  } catch (error) {
    // A versioned edit is a PUT; a POST's 409 (a taken name, a decided suggestion) says its own reason.
    if (error instanceof HttpError && error.status === 409 && method === 'PUT') throw new HttpError(STALE_EDIT, 409, error.body);
    if (error instanceof HttpError && error.status === 403) csrfToken = null;
    throw error;
  }
}

const simpleRest = simpleRestProvider(ADMIN_API_URL, adminFetch);

/**
 * A list longer than the server counts (Content-Range `…/*`) has no total: it pages on while pages
 * come back full, as react-admin's partial pagination shows it.
 */
export const dataProvider: DataProvider = {
  ...simpleRest,
  async getList(resource, params) {
    const answer = await simpleRest.getList(resource, params);
    if (answer.total === undefined || Number.isFinite(answer.total)) return answer;
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    return { data: answer.data, pageInfo: { hasPreviousPage: page > 1, hasNextPage: answer.data.length === perPage } };
  },
};
