import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import type { MediaStorage } from '@epos/platform/storage/port';
import type { PdfStatusAnswer } from '@epos/schemas';
import type { TestClient } from '../../testkit/client.js';

const run = promisify(execFile);

/** Polls the status call until the edition is done or failed (the test's own timeout bounds it). */
export async function settledPdf(client: TestClient, requestId: string): Promise<PdfStatusAnswer> {
  for (;;) {
    const status = (await client.get(`/api/pdf/${requestId}`)).json<PdfStatusAnswer>();
    if (status.state === 'done' || status.state === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The stored PDF's bytes, from the media store (by the hash in its URL). */
export async function storedPdf(media: MediaStorage, url: string): Promise<Buffer> {
  const hash = /\/media\/files\/([0-9a-f]{64})\.pdf$/.exec(url)?.[1];
  if (!hash) throw new Error(`not a stored PDF URL: ${url}`);
  const stream = await media.get(hash);
  if (!stream) throw new Error(`no stored object ${hash}`);
  return buffer(stream);
}

/** The PDF's text as poppler's pdftotext reads it, and the path of one page rendered to PNG by pdftoppm (under the OS temp folder). */
export async function inspectPdf(bytes: Buffer, page: number): Promise<{ text: string; png: string; fonts: string; images: number }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'epos-pdf-test-'));
  const file = path.join(folder, 'edition.pdf');
  await writeFile(file, bytes);
  const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  await run('pdftoppm', ['-f', String(page), '-l', String(page), '-png', '-r', '110', '-singlefile', file, path.join(folder, `page-${page}`)]);
  const { stdout: fonts } = await run('pdffonts', [file]);
  const { stdout: imageList } = await run('pdfimages', ['-list', file]);
  return { text, png: path.join(folder, `page-${page}.png`), fonts, images: imageList.trim().split('\n').length - 2 };
}
