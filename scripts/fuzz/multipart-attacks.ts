/**
 * Attacks on an upload route (and the valid upload they change): truncated bodies, missing or wrong boundaries,
 * wrong content types, oversized and too many parts, hostile file names and disguised files.
 */
import type { BodyAttack } from './fuzz-request.js';

const BOUNDARY = 'EposFuzzBoundary7MA4YWxkTrZu0gW';
/** A 1×1 transparent PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SVG_WITH_SCRIPT = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');

interface Part {
  headers: (string | Buffer)[];
  data: Buffer;
}

const filePart = (fileName: string | Buffer, data: Buffer = TINY_PNG, type = 'image/png'): Part => ({
  headers: [
    Buffer.concat([
      Buffer.from('Content-Disposition: form-data; name="file"; filename="'),
      Buffer.isBuffer(fileName) ? fileName : Buffer.from(fileName),
      Buffer.from('"'),
    ]),
    `Content-Type: ${type}`,
  ],
  data,
});

function multipart(parts: readonly Part[], boundary = BOUNDARY, close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    for (const header of part.headers) chunks.push(Buffer.isBuffer(header) ? header : Buffer.from(header), Buffer.from('\r\n'));
    chunks.push(Buffer.from('\r\n'), part.data, Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const typed = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

/** A valid image upload: the request every attack below changes. */
export function validUpload(): BodyAttack {
  return { name: 'valid PNG upload', tier: 1, contentType: typed(), body: multipart([filePart('photo.png')]) };
}

export function multipartAttacks(): BodyAttack[] {
  const valid = multipart([filePart('photo.png')]);
  const headerEnd = valid.indexOf('\r\n\r\n') + 4;
  return [
    { name: 'truncated in the file data', tier: 1, contentType: typed(), body: valid.subarray(0, headerEnd + 20) },
    { name: 'truncated in the part headers', tier: 1, contentType: typed(), body: valid.subarray(0, headerEnd - 20) },
    { name: 'no closing boundary', tier: 2, contentType: typed(), body: multipart([filePart('photo.png')], BOUNDARY, false) },
    { name: 'content type without boundary', tier: 1, contentType: 'multipart/form-data', body: valid },
    { name: 'boundary not in the body', tier: 2, contentType: typed('SomethingElse'), body: valid },
    { name: 'empty boundary', tier: 2, contentType: 'multipart/form-data; boundary=', body: valid },
    { name: 'empty multipart body', tier: 1, contentType: typed(), body: '' },
    { name: 'only the closing boundary', tier: 2, contentType: typed(), body: `--${BOUNDARY}--\r\n` },
    { name: 'multipart sent as JSON', tier: 1, contentType: 'application/json', body: valid },
    { name: 'multipart sent as text/plain', tier: 2, contentType: 'text/plain', body: valid },
    { name: 'raw PNG as image/png', tier: 2, contentType: 'image/png', body: TINY_PNG },
    { name: 'raw PNG as octet-stream', tier: 2, contentType: 'application/octet-stream', body: TINY_PNG },
    {
      name: 'oversized part (6 MB)',
      tier: 1,
      contentType: typed(),
      body: multipart([filePart('big.png', Buffer.concat([TINY_PNG, Buffer.alloc(6 * 1024 * 1024)]))]),
    },
    { name: 'eleven files', tier: 2, contentType: typed(), body: multipart(Array.from({ length: 11 }, (_, i) => filePart(`photo${i}.png`))) },
    {
      name: 'eleven plain fields',
      tier: 2,
      contentType: typed(),
      body: multipart(Array.from({ length: 11 }, (_, i) => ({ headers: [`Content-Disposition: form-data; name="field${i}"`], data: Buffer.from('x') }))),
    },
    { name: 'file name with path traversal', tier: 1, contentType: typed(), body: multipart([filePart('../../../etc/passwd.png')]) },
    { name: 'file name with NUL', tier: 1, contentType: typed(), body: multipart([filePart('a\u0000.png')]) },
    {
      name: 'file name with a lone surrogate (WTF-8 bytes)',
      tier: 2,
      contentType: typed(),
      body: multipart([filePart(Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x2e, 0x70, 0x6e, 0x67]))]),
    },
    {
      name: 'file name with invalid UTF-8',
      tier: 2,
      contentType: typed(),
      body: multipart([filePart(Buffer.from([0xc0, 0xaf, 0xff, 0x2e, 0x70, 0x6e, 0x67]))]),
    },
    { name: 'file name with CR/LF', tier: 2, contentType: typed(), body: multipart([filePart('a.png\r\nContent-Type: text/html')]) },
    { name: 'file name of 10,000 characters', tier: 2, contentType: typed(), body: multipart([filePart(`${'a'.repeat(10_000)}.png`)]) },
    { name: 'file name with XSS', tier: 2, contentType: typed(), body: multipart([filePart('<svg onload=alert(1)>.png')]) },
    { name: 'SVG with script named .png', tier: 2, contentType: typed(), body: multipart([filePart('image.png', SVG_WITH_SCRIPT)]) },
    {
      name: 'HTML declared image/png',
      tier: 2,
      contentType: typed(),
      body: multipart([filePart('page.png', Buffer.from('<html><script>alert(1)</script></html>'))]),
    },
    { name: 'empty file', tier: 2, contentType: typed(), body: multipart([filePart('empty.png', Buffer.alloc(0))]) },
    {
      name: 'part without a file name',
      tier: 2,
      contentType: typed(),
      body: multipart([{ headers: ['Content-Disposition: form-data; name="file"', 'Content-Type: image/png'], data: TINY_PNG }]),
    },
    { name: 'part without Content-Disposition', tier: 2, contentType: typed(), body: multipart([{ headers: ['Content-Type: image/png'], data: TINY_PNG }]) },
    { name: 'garbage part header', tier: 2, contentType: typed(), body: multipart([{ headers: ['this is not a header', '\u0000\u0001'], data: TINY_PNG }]) },
    { name: 'boundary of 200 characters', tier: 2, contentType: typed('b'.repeat(200)), body: multipart([filePart('photo.png')], 'b'.repeat(200)) },
  ];
}
