import type { UploadedImageAnswer } from '@epos/schemas/media/responses';

/** Where each kind is uploaded (the site's own calls). */
const UPLOAD_URLS = { image: '/postdata/media', audio: '/postdata/mediaAudio' } as const;
export type UploadKind = keyof typeof UPLOAD_URLS;

async function csrfToken(): Promise<string> {
  const response = await fetch('/api/csrf', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`csrf ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Sends the files as one multipart form with XMLHttpRequest, whose upload events tell how much has
 * gone (fetch cannot): `onProgress` gets 0–100. Resolves with the server's answer per file; rejects
 * on a network failure or any status but 200.
 */
export async function uploadFiles(kind: UploadKind, files: readonly File[], onProgress: (percent: number) => void): Promise<UploadedImageAnswer[]> {
  const token = await csrfToken();
  const form = new FormData();
  files.forEach((file, i) => form.append(`file${i}`, file, file.name));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URLS[kind]);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status !== 200) return reject(new Error(`upload answered ${xhr.status}`));
      try {
        resolve(JSON.parse(xhr.responseText) as UploadedImageAnswer[]);
      } catch (error) {
        reject(error instanceof Error ? error : new Error('not JSON'));
      }
    };
    xhr.onerror = () => reject(new Error('network error'));
    xhr.onabort = () => reject(new Error('aborted'));
    xhr.send(form);
  });
}
