import { CSRF_HEADER, forgetCsrfToken, getCsrfToken } from '../accounts/api';
import type { Answer } from '../blogs/editor/http';
import { readError } from '../blogs/editor/responses';
import { worksApi } from './api';

type AudioUploaded = { readonly url: string; readonly message: string };

/** One POST of the file; XMLHttpRequest because its upload events tell how much has gone (fetch's do not). */
function send(file: File, token: string, onProgress: (percent: number) => void): Promise<Answer<AudioUploaded>> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', worksApi.audio);
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: said as a failure below
      }
      if (xhr.status === 200 && body !== null) resolve({ ok: true, status: 200, data: body as AudioUploaded, position: xhr.getResponseHeader('X-Position') });
      else resolve({ ok: false, status: xhr.status, ...readError(body) });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: undefined, fields: undefined });
    xhr.send(form);
  });
}

/**
 * Uploads a recording for an audio work (POST /postdata/works/audio), telling `onProgress` how
 * much has gone (0–100). A refused anti-forgery token is fetched anew and the upload tried once more.
 */
export async function uploadAudio(file: File, onProgress: (percent: number) => void): Promise<Answer<AudioUploaded>> {
  try {
    const first = await send(file, await getCsrfToken(), onProgress);
    if (first.ok || first.status !== 403) return first;
    forgetCsrfToken();
    onProgress(0);
    return await send(file, await getCsrfToken(), onProgress);
  } catch {
    return { ok: false, status: 0, message: undefined, fields: undefined };
  }
}
