import fs from 'node:fs';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { mediaMessages, mediaStream, sentenceStream, type ApiMediaAnswer, type UploadedImageAnswer } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { MEDIA_PROJECTION, type MediaReadModel } from '@epos/projections/media/media-projection';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { caughtUp, signIn, type Person } from '../testkit/people.js';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';
import * as files from './testkit/test-files.js';

const KEY = 'a-media-key-of-at-least-24-characters';
let api: TestApi;
let admin: Person;
let blogger: Person;
let reader: Person;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'epos-media-data-'));
  api = await startTestApi({ env: { MEDIA_API_KEY: KEY, DATA_DIR: dataDir } });
  const context = { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) };
  await importPoem(context, { fileName: 'poem.json', content: fs.readFileSync(DEMO_POEM_FILE, 'utf8'), cause: { actor: 'importer' } });
  admin = await signIn(api, 'admin');
  blogger = await signIn(api, 'blogger');
  reader = await signIn(api, 'user');
  await caughtUp(api);
}, 300_000);
afterAll(async () => api?.close());

async function upload(person: Person, url: string, list: { name: string; data: Buffer; field?: string }[]): Promise<LightMyRequestResponse> {
  const { payload, headers } = files.multipart(list);
  return person.client.request({ method: 'POST', url, payload, headers: { ...headers, 'x-csrf-token': await person.client.csrf() } });
}
const results = (response: LightMyRequestResponse) => response.json<UploadedImageAnswer[]>();
const hashOf = (url: string) => /\/media\/files\/([0-9a-f]{64})\./.exec(url)![1]!;

async function mediaRows(): Promise<MediaReadModel['media'][]> {
  await caughtUp(api);
  return (await api.deps.progress.readModel<MediaReadModel>(MEDIA_PROJECTION)).selectFrom('media').selectAll().execute();
}

describe('POST /postdata/media (images)', () => {
  it('stores PNG, JPEG, GIF and WebP by their hash, each as a MediaUploaded event and a row of the media read model', async () => {
    const sent = [
      { name: 'dot.png', data: await files.png() },
      { name: 'camera.jpg', data: await files.jpegWithGps() },
      { name: 'loop.gif', data: await files.gif() },
      { name: 'modern.webp', data: await files.webp() },
    ];
    const response = await upload(blogger, '/postdata/media', sent);
    expect(response.statusCode).toBe(200);
    const answer = results(response);
    expect(answer.map((r) => [r.status, r.fileName])).toEqual(sent.map((s) => [1, s.name]));
    expect(answer.map((r) => r.fileUrl.replace(/[0-9a-f]{64}/, 'H'))).toEqual([
      '/media/files/H.png',
      '/media/files/H.jpg',
      '/media/files/H.gif',
      '/media/files/H.webp',
    ]);
    const jpeg = hashOf(answer[1]!.fileUrl);
    const [event] = await api.deps.store.readStream(mediaStream(jpeg));
    expect(event).toMatchObject({
      type: 'MediaUploaded',
      data: { hash: jpeg, kind: 'image', mime: 'image/jpeg', ext: 'jpg', width: 640, height: 480, originalName: 'camera.jpg', uploader: blogger.userId },
      metadata: { actor: blogger.userId },
    });
    expect(await api.deps.media.stat(jpeg)).toEqual({ key: jpeg, size: sent[1]!.data.byteLength });
    const row = (await mediaRows()).find((r) => r.hash === jpeg);
    expect(row).toMatchObject({
      kind: 'image',
      mime: 'image/jpeg',
      width: 640,
      height: 480,
      original_name: 'camera.jpg',
      uploader: blogger.userId,
      thumb_hash: null,
    });
  });

  it('keeps one upload for the same bytes sent twice: the same URL, no second event', async () => {
    const data = await files.png(12, 12, '#123');
    const first = results(await upload(blogger, '/postdata/media', [{ name: 'one.png', data }]))[0]!;
    const again = results(await upload(admin, '/postdata/media', [{ name: 'two.png', data }]))[0]!;
    expect(again.fileUrl).toBe(first.fileUrl);
    const events = await api.deps.store.readStream(mediaStream(hashOf(first.fileUrl)));
    expect(events.map((e) => [e.type, (e.data as { originalName: string }).originalName])).toEqual([['MediaUploaded', 'one.png']]);
  });

  it('refuses by the bytes, whatever the name: wrong type, SVG, archives, executables, truncated, pixel flood, polyglots, empty and oversized files; nothing is stored', async () => {
    const before = await api.deps.store.headPosition();
    const bad: [string, Buffer, string][] = [
      ['text.png', files.text, mediaMessages.wrongType('image')],
      ['vector.svg', files.svg, mediaMessages.wrongType('image')],
      ['archive.jpg', files.zip, mediaMessages.wrongType('image')],
      ['program.png', files.exe, mediaMessages.wrongType('image')],
      ['linux.gif', files.elf, mediaMessages.wrongType('image')],
      ['song.png', files.mp3(), mediaMessages.wrongType('image')],
      ['cut.jpg', await files.truncatedJpeg(), mediaMessages.unreadable],
      ['bomb.png', await files.pixelFlood(), mediaMessages.pixelFlood],
      ['zipped.jpg', await files.jpegWithZip(), mediaMessages.polyglot('a ZIP archive')],
      ['gifar.gif', await files.gifar(), mediaMessages.polyglot('a ZIP archive')],
      ['page.png', await files.pngWithScript(), mediaMessages.polyglot('a tag <html>')],
      ['nothing.png', Buffer.alloc(0), mediaMessages.empty],
      ['huge.png', Buffer.concat([await files.png(), Buffer.alloc(10 * 1024 * 1024)]), mediaMessages.tooLarge('image')],
    ];
    const response = await upload(
      blogger,
      '/postdata/media',
      bad.map(([name, data]) => ({ name, data })),
    );
    expect(response.statusCode).toBe(200);
    expect(results(response).map((r) => [r.fileName, r.status, r.fileUrl, r.message])).toEqual(bad.map(([name, , reason]) => [name, 0, '', reason]));
    expect(await api.deps.store.headPosition()).toBe(before);
  });

  it('refuses images and recordings that hide markup running script in their text (a PNG text chunk, a JPEG or GIF comment, an ID3 title), naming it; nothing is stored', async () => {
    const before = await api.deps.store.headPosition();
    const hidden: [string, Buffer, string][] = [
      ['onload.png', await files.pngWithText('<svg/onload=alert(document.domain)>'), 'a tag <svg>'],
      ['src.jpg', await files.jpegWithComment('<script/src=//evil.example/x.js></script>'), 'a tag <script>'],
      ['onerror.gif', await files.gifWithComment('<img src=x onerror=alert(1)>'), 'an event handler onerror='],
      ['upper.png', await files.pngWithText('<IMG SRC=x\fONERROR=alert(1)>'), 'an event handler onerror='],
      ['quoted.jpg', await files.jpegWithComment('<b title="x"onpointerover=alert(1)>hover</b>'), 'an event handler onpointerover='],
      ['link.gif', await files.gifWithComment('<a href="java\tscript:alert(1)">x</a>'), 'a javascript: link'],
      ['frame.png', await files.pngWithText('<iframe/src=//evil.example>'), 'a tag <iframe>'],
    ];
    const images = results(
      await upload(
        blogger,
        '/postdata/media',
        hidden.map(([name, data]) => ({ name, data })),
      ),
    );
    expect(images.map((r) => [r.fileName, r.status, r.message])).toEqual(hidden.map(([name, , found]) => [name, 0, mediaMessages.polyglot(found)]));
    const song = results(await upload(admin, '/postdata/mediaAudio', [{ name: 'tagged.mp3', data: files.mp3WithTitle('<img src=x onerror=alert(1)>') }]));
    expect(song.map((r) => [r.status, r.message])).toEqual([[0, mediaMessages.polyglot('an event handler onerror=')]]);
    expect(await api.deps.store.headPosition()).toBe(before);
  });

  it('keeps images whose text only looks like markup, and decodes each hiding place as the image it was', async () => {
    const sent = [
      { name: 'caption.png', data: await files.pngWithText('A < B > C; see scripts/, <svgs> and online notes') },
      { name: 'comment.jpg', data: await files.jpegWithComment('Taken at <dawn>, see <svgs> of it') },
      { name: 'comment.gif', data: await files.gifWithComment('one=1 <b>bold</b>') },
    ];
    const answer = results(await upload(blogger, '/postdata/media', sent));
    expect(answer.map((r) => [r.fileName, r.status])).toEqual(sent.map((s) => [s.name, 1]));
  });

  it('shows a file name without bidirectional controls: an override cannot disguise an .exe as a .png', async () => {
    const answer = results(await upload(blogger, '/postdata/media', [{ name: 'holiday\u202egnp.exe', data: await files.png(9, 9, '#ab1') }]))[0]!;
    expect(answer).toMatchObject({ status: 1, fileName: 'holidaygnp.exe' });
    const [event] = await api.deps.store.readStream(mediaStream(hashOf(answer.fileUrl)));
    expect(event!.data).toMatchObject({ originalName: 'holidaygnp.exe' });
  });

  it("answers 'Select File' to no file at all, and to a form whose file input was left empty", async () => {
    for (const response of [
      await blogger.client.post('/postdata/media', {}),
      await upload(blogger, '/postdata/media', []),
      await upload(blogger, '/postdata/media', [{ name: '', data: Buffer.alloc(0) }]),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Select File' });
    }
  });

  it('is for bloggers and admins only, with the anti-forgery token', async () => {
    const data = await files.png();
    expect((await upload(reader, '/postdata/media', [{ name: 'a.png', data }])).statusCode).toBe(403);
    const { payload, headers } = files.multipart([{ name: 'a.png', data }]);
    expect((await blogger.client.request({ method: 'POST', url: '/postdata/media', payload, headers })).statusCode).toBe(403);
  });
});

describe('POST /postdata/mediaAudio', () => {
  it('stores MP3, WAV, M4A and OGG for admins, refuses images and anything else, and refuses bloggers', async () => {
    const sent = [
      { name: 'invocation.mp3', data: files.mp3() },
      { name: 'silence.wav', data: files.wav(2) },
      { name: 'voice.m4a', data: files.m4a() },
      { name: 'chant.ogg', data: files.ogg() },
      { name: 'picture.mp3', data: await files.png() },
      { name: 'notes.wav', data: files.text },
    ];
    const answer = results(await upload(admin, '/postdata/mediaAudio', sent));
    expect(answer.map((r) => [r.fileName, r.status, r.fileUrl.replace(/[0-9a-f]{64}/, 'H')])).toEqual([
      ['invocation.mp3', 1, '/media/files/H.mp3'],
      ['silence.wav', 1, '/media/files/H.wav'],
      ['voice.m4a', 1, '/media/files/H.m4a'],
      ['chant.ogg', 1, '/media/files/H.ogg'],
      ['picture.mp3', 0, ''],
      ['notes.wav', 0, ''],
    ]);
    expect(answer[4]!.message).toBe(mediaMessages.wrongType('audio'));
    const [wav] = await api.deps.store.readStream(mediaStream(hashOf(answer[1]!.fileUrl)));
    expect(wav!.data).toMatchObject({ kind: 'audio', mime: 'audio/wav', durationSeconds: 2, width: null });
    const [mp3] = await api.deps.store.readStream(mediaStream(hashOf(answer[0]!.fileUrl)));
    expect((mp3!.data as { durationSeconds: number | null }).durationSeconds).toBeGreaterThan(0.5);
    expect((await upload(blogger, '/postdata/mediaAudio', sent.slice(0, 1))).statusCode).toBe(403);
  });
});

describe('POST /api/Media (API key)', () => {
  const post = (query: string, list: { name: string; data: Buffer }[], key?: string) => {
    const { payload, headers } = files.multipart(list);
    return reader.client.request({
      method: 'POST',
      url: `/api/Media${query}`,
      payload,
      headers: { ...headers, ...(key === undefined ? {} : { 'x-api-key': key }) },
    });
  };
  const sentenceAt = async (number: number) =>
    (await api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION))
      .selectFrom('sentences')
      .select(['id', 'state'])
      .where('sentence', '=', number)
      .executeTakeFirstOrThrow();

  it("answers 401 'Not Authorised' without the key or with a wrong one, and changes nothing", async () => {
    const before = await api.deps.store.headPosition();
    for (const key of [undefined, '', 'wrong', KEY.slice(0, -1), `${KEY}x`]) {
      const response = await post('?s=1&f=Sentence', [{ name: 'a.png', data: await files.png() }], key);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Not Authorised' });
    }
    expect(await api.deps.store.headPosition()).toBe(before);
  });

  it('attaches images as paintings (or the kind asked) and audio as audio to a sentence, with no anti-forgery token', async () => {
    const picture = await files.png(16, 16, '#abc');
    const response = await post(
      '?s=2&f=Sentence',
      [
        { name: 'lamp.png', data: picture },
        { name: 'hymn.wav', data: files.wav(1) },
        { name: 'bad.png', data: files.svg },
      ],
      KEY,
    );
    expect(response.statusCode).toBe(200);
    const answer = response.json<ApiMediaAnswer>();
    expect(answer.FilesData.map((f) => [f.name, f.field, f.sentence, f.kind])).toEqual([
      ['lamp.png', 'file0', 2, 'painting'],
      ['hymn.wav', 'file1', 2, 'audio'],
    ]);
    expect(answer.NotdoneFiles).toEqual([{ name: 'bad.png', field: 'file2', reason: mediaMessages.wrongTypeAny }]);
    await caughtUp(api);
    const sentence = await sentenceAt(2);
    const hash = hashOf(answer.FilesData[0]!.fileUrl);
    expect(sentence.state.media.painting?.at(-1)).toEqual({
      url: answer.FilesData[0]!.fileUrl,
      thumbUrl: `/media/thumbs/${hash}.png`,
      media: hash,
      title: 'lamp',
    });
    const events = await api.deps.store.readStream(sentenceStream(sentence.id));
    expect(events.at(-1)).toMatchObject({ type: 'SentenceMediaSet', metadata: { actor: 'media-api' } });
    const uses = await (
      await api.deps.progress.readModel<MediaReadModel>(MEDIA_PROJECTION)
    )
      .selectFrom('media_uses')
      .selectAll()
      .where('hash', '=', hash)
      .execute();
    expect(uses).toEqual([
      {
        hash,
        place: 'sentence',
        sentence_id: sentence.id,
        book: null,
        canto: null,
        kind: 'painting',
        position: (sentence.state.media.painting?.length ?? 0) - 1,
      },
    ]);

    const sketch = await post('?s=2&f=Sentence&kind=sketch', [{ name: 'sketch.webp', data: await files.webp() }], KEY);
    expect(sketch.json<ApiMediaAnswer>().FilesData[0]).toMatchObject({ kind: 'sketch', sentence: 2 });
  });

  it("gives a section's files to its sentences in order: file i to its i-th sentence, files beyond its last not done", async () => {
    const db = await api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION);
    const first = await db.selectFrom('sentences').select(['book', 'canto', 'section']).where('sentence', '=', 1).executeTakeFirstOrThrow();
    const numbers = (
      await db
        .selectFrom('sentences')
        .select('sentence')
        .where('book', '=', first.book)
        .where('canto', '=', first.canto)
        .where('section', '=', first.section)
        .where('sentence', 'is not', null)
        .orderBy('sentence')
        .execute()
    ).map((r) => r.sentence!);
    const sent = await Promise.all(
      Array.from({ length: numbers.length + 1 }, async (_, i) => ({ name: `p${i}.png`, data: await files.png(10 + i, 10, '#777') })),
    );
    const answer = (await post('?s=1&f=Section', sent, KEY)).json<ApiMediaAnswer>();
    expect(answer.FilesData.map((f) => [f.name, f.sentence])).toEqual(numbers.map((n, i) => [`p${i}.png`, n]));
    expect(answer.NotdoneFiles).toEqual([{ name: `p${numbers.length}.png`, field: `file${numbers.length}`, reason: mediaMessages.noSentenceLeft }]);
  });

  it('names a bad parameter, an unknown sentence or section, and no file', async () => {
    const png = await files.png();
    const missing = await post('?f=Sentence', [{ name: 'a.png', data: png }], KEY);
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('s');
    expect((await post('?s=1&f=Stanza', [{ name: 'a.png', data: png }], KEY)).statusCode).toBe(400);
    expect((await post('?s=999999&f=Sentence', [{ name: 'a.png', data: png }], KEY)).json()).toMatchObject({
      statusCode: 404,
      message: mediaMessages.noSentence(999999),
    });
    expect((await post('?s=99999&f=Section', [{ name: 'a.png', data: png }], KEY)).json()).toMatchObject({
      statusCode: 404,
      message: mediaMessages.noSection(99999),
    });
    const none = await post('?s=1&f=Sentence', [], KEY);
    expect([none.statusCode, none.json().message]).toEqual([400, 'Select File']);
  });

  it('is closed when no key is configured, whatever is sent', async () => {
    const closed = await startTestApi({ reactors: false });
    try {
      const { payload, headers } = files.multipart([{ name: 'a.png', data: await files.png() }]);
      for (const key of ['', KEY, 'undefined']) {
        const response = await closed.app.inject({ method: 'POST', url: '/api/Media?s=1&f=Sentence', payload, headers: { ...headers, 'x-api-key': key } });
        expect([response.statusCode, response.json().message]).toEqual([401, 'Not Authorised']);
      }
    } finally {
      await closed.close();
    }
  });
});

describe('GET /media/files/<hash>.<ext>', () => {
  let mp3Url: string;
  let mp3: Buffer;
  beforeAll(async () => {
    mp3 = files.mp3();
    mp3Url = results(await upload(admin, '/postdata/mediaAudio', [{ name: 'invocation.mp3', data: mp3 }]))[0]!.fileUrl;
  });

  it('serves the file with its type, nosniff, the hash as ETag and a year of immutable caching', async () => {
    const response = await reader.client.get(mp3Url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(mp3)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'x-content-type-options': 'nosniff',
      etag: `"${hashOf(mp3Url)}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
      'content-length': String(mp3.length),
    });
    expect(response.headers['content-disposition']).toBeUndefined();
    expect((await reader.client.get(mp3Url, { 'if-none-match': `"${hashOf(mp3Url)}"` })).statusCode).toBe(304);
    const head = await reader.client.request({ method: 'HEAD', url: mp3Url });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, String(mp3.length), '']);
  });

  it('answers ranges with 206 and a range outside the file with 416', async () => {
    const part = await reader.client.get(mp3Url, { range: 'bytes=10-19' });
    expect([part.statusCode, part.headers['content-range'], part.headers['content-length']]).toEqual([206, `bytes 10-19/${mp3.length}`, '10']);
    expect(part.rawPayload.equals(mp3.subarray(10, 20))).toBe(true);
    const tail = await reader.client.get(mp3Url, { range: 'bytes=-5' });
    expect([tail.statusCode, tail.rawPayload.equals(mp3.subarray(-5))]).toEqual([206, true]);
    const open = await reader.client.get(mp3Url, { range: `bytes=${mp3.length - 3}-` });
    expect([open.statusCode, open.rawPayload.length]).toEqual([206, 3]);
    const outside = await reader.client.get(mp3Url, { range: `bytes=${mp3.length}-` });
    expect([outside.statusCode, outside.headers['content-range']]).toEqual([416, `bytes */${mp3.length}`]);
    expect((await reader.client.get(mp3Url, { range: 'bytes=0-1,4-5' })).statusCode).toBe(200);
  });

  it('answers 404 for unknown hashes, other extensions and names that are not a hash', async () => {
    for (const url of [
      mp3Url.replace('.mp3', '.png'),
      mp3Url.replace('.mp3', '.pdf'),
      `/media/files/${'0'.repeat(64)}.png`,
      '/media/files/..%2F..%2Fetc%2Fpasswd',
      `/media/files/${hashOf(mp3Url).toUpperCase()}.mp3`,
      `/media/files/${hashOf(mp3Url)}.exe`,
    ]) {
      expect((await reader.client.get(url)).statusCode, url).toBe(404);
    }
  });

  it('serves a stored PDF (no upload) as an attachment, and an image original uncached until its web size exists, then redirects there', async () => {
    const pdfBytes = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const { key } = await api.deps.media.put(pdfBytes);
    const pdf = await reader.client.get(`/media/files/${key}.pdf`);
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.headers['content-disposition']]).toEqual([200, 'application/pdf', 'attachment']);
    expect((await reader.client.get(`/media/files/${key}.png`)).statusCode).toBe(404);

    const pictureUrl = results(await upload(blogger, '/postdata/media', [{ name: 'fresh.png', data: await files.png(33, 22, '#420') }]))[0]!.fileUrl;
    const early = await reader.client.get(pictureUrl);
    expect([early.statusCode, early.headers['content-type'], early.headers['cache-control']]).toEqual([200, 'image/png', 'no-store']);
    const hash = hashOf(pictureUrl);
    const thumbBefore = await reader.client.get(`/media/thumbs/${hash}.png`);
    expect([thumbBefore.statusCode, thumbBefore.headers.location, thumbBefore.headers['cache-control']]).toEqual([302, pictureUrl, 'no-store']);
    const webBytes = await files.webp();
    const web = await api.deps.media.put(webBytes);
    const derivative = { hash: web.key, mime: 'image/webp', ext: 'webp', size: web.size, width: 20, height: 20 };
    await api.deps.store.append(mediaStream(hash), [{ type: 'MediaDerivativesMade', data: { hash, thumb: derivative, web: derivative } }], {
      expectedRevision: 'any',
      cause: { actor: 'test' },
    });
    const thumbAfter = await reader.client.get(`/media/thumbs/${hash}.png`);
    expect([thumbAfter.statusCode, thumbAfter.headers.location]).toEqual([302, `/media/files/${web.key}.webp`]);
    for (const url of [`/media/thumbs/${hash}.jpg`, `/media/thumbs/${hashOf(mp3Url)}.mp3`, `/media/thumbs/${'0'.repeat(64)}.png`, '/media/thumbs/x'])
      expect((await reader.client.get(url)).statusCode, url).toBe(404);
    const later = await reader.client.get(pictureUrl);
    expect([later.statusCode, later.headers.location]).toEqual([302, `/media/files/${web.key}.webp`]);
    const served = await reader.client.get(later.headers.location as string);
    expect([served.statusCode, served.headers['content-type'], served.rawPayload.equals(webBytes)]).toEqual([200, 'image/webp', true]);
  });

  it('still serves images uploaded before the media library at /media/uploads/', async () => {
    const legacy = path.join(dataDir, 'media', 'uploads');
    await mkdir(legacy, { recursive: true });
    const bytes = await files.png();
    await writeFile(path.join(legacy, '0123456789abcdef0123456789abcdef.png'), bytes);
    const response = await reader.client.get('/media/uploads/0123456789abcdef0123456789abcdef.png');
    expect([response.statusCode, response.rawPayload.equals(bytes)]).toEqual([200, true]);
  });
});
