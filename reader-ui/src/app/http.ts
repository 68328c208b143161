/** An HTTP answer outside the statuses a caller accepts. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`GET ${url} answered ${status}`);
    this.name = 'HttpError';
  }
}

export interface GetJsonOptions {
  signal?: AbortSignal | undefined;
  /** Non-2xx statuses whose JSON body is still meaningful (e.g. 503 from a health check). */
  acceptStatuses?: readonly number[];
}

/** GETs a same-origin JSON resource; throws HttpError on an unexpected status or a non-JSON body. */
export async function getJson(url: string, options: GetJsonOptions = {}): Promise<unknown> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    signal: options.signal ?? null,
  });
  if (!response.ok && !(options.acceptStatuses ?? []).includes(response.status)) {
    throw new HttpError(response.status, url);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    // e.g. the SPA fallback answering index.html for an API path that does not exist
    throw new HttpError(response.status, url);
  }
  return (await response.json()) as unknown;
}
