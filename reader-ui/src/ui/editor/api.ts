import { mapResult, postFiles, postJson, type Result } from '../http';

/** The editor's own calls, whatever it edits (a post, a library page, a book): the preview and image uploads. */
const editorApi = {
  preview: '/postdata/preview',
  media: '/postdata/media',
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

export interface MediaResult {
  readonly ok: boolean;
  readonly fileName: string;
  readonly fileUrl: string | null;
  /** Why it failed, when the server says ("Only PNG, JPEG, GIF and WebP images can be uploaded"). */
  readonly message: string | undefined;
}

export function toMediaResults(body: unknown): MediaResult[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((m) => {
    if (!isRecord(m)) return [];
    const fileUrl = nonEmpty(m.fileUrl) ?? null;
    return [
      {
        ok: Number(m.status) === 1 && fileUrl !== null,
        fileName: (typeof m.fileName === 'string' ? m.fileName : undefined) ?? '',
        fileUrl,
        message: nonEmpty(m.message),
      },
    ];
  });
}

/** The markdown as its page will show it: the server's sanitised HTML (null: an answer without it). */
export async function previewMarkdown(markdown: string): Promise<Result<string | null>> {
  return mapResult(await postJson<unknown>(editorApi.preview, { md_content: markdown }), (body) =>
    typeof body === 'object' && body !== null && 'content' in body && typeof body.content === 'string' ? body.content : null,
  );
}

export async function uploadImages(files: readonly File[]): Promise<Result<MediaResult[]>> {
  return mapResult(await postFiles(editorApi.media, 'file', files), toMediaResults);
}
