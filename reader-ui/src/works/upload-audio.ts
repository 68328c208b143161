import { CSRF_HEADER, resultOf, sendWithToken, unanswered, type Result } from '../ui/http';
import { worksApi } from './api';

type AudioUploaded = { readonly url: string; readonly message: string };

/** One POST of the file; XMLHttpRequest because its upload events tell how much has gone (fetch's do not). */
function send(file: File, token: string, onProgress: (percent: number) => void): Promise<Result<AudioUploaded>> {
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
      const result = resultOf<AudioUploaded>(xhr.status, body, { get: (name) => xhr.getResponseHeader(name) }, { failure: (_, problem) => problem.message });
      resolve(result.ok && (xhr.status !== 200 || body === null) ? { ...unanswered(), status: xhr.status } : result);
    };
    xhr.onerror = () => resolve(unanswered());
    xhr.send(form);
  });
}

/**
 * Uploads a recording for an audio work (POST /postdata/works/audio), telling `onProgress` how
 * much has gone (0–100). A refused anti-forgery token is fetched anew and the upload tried once more.
 */
export function uploadAudio(file: File, onProgress: (percent: number) => void): Promise<Result<AudioUploaded>> {
  let tries = 0;
  return sendWithToken((token) => {
    if (tries++ > 0) onProgress(0);
    return send(file, token, onProgress);
  });
}
