import fs from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsafeCharacterIn, workMessages, type WorkItem, type WorksAnswer } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { XSS_CORPUS } from '@epos/platform/testkit/xss-payloads';
import { audit } from '@epos/platform/testkit/html-allowlist';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, newAccount, signIn, type Person } from '../testkit/people.js';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';
import * as files from '../media/testkit/test-files.js';

let api: TestApi;
let admin: Person;
let reader: Person;
let other: Person;
const anonymous = () => new TestClient(api.app, '192.0.2.77');
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

beforeAll(async () => {
  // The tests add more works a minute than a reader may (20): the limit itself is the permission table's, tested there.
  api = await startTestApi({ env: { RATE_LIMIT_FACTOR: '20', DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'epos-works-data-')) } });
  const context = { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) };
  await importPoem(context, { fileName: 'poem.json', content: fs.readFileSync(DEMO_POEM_FILE, 'utf8'), cause: { actor: 'importer' } });
  await caughtUp(api);
  [admin, reader, other] = await Promise.all([signIn(api, 'admin'), signIn(api, 'user'), signIn(api, 'user')]);
});
afterAll(async () => api.close());

const works = async (client: TestClient, url: string, headers: Record<string, string> = {}) => {
  const response = await client.get(url, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WorksAnswer>();
};

describe("readers' works", () => {
  it('adds an annotation and a video to sentences and lists them by type and sentence, newest first', async () => {
    const note = await reader.client.post('/postdata/works', { TypeOf: 'text', SentenceNumber: '1, 2', Description: 'The **valley** at dusk.' });
    expect(note.json()).toMatchObject({ message: workMessages.added, id: expect.any(String) });
    const video = await reader.client.post('/postdata/works', {
      TypeOf: 'video',
      SentenceNumber: '2',
      Urlto: 'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=3',
      Description: 'Read aloud',
    });
    expect(video.statusCode).toBe(200);
    const texts = await works(anonymous(), '/api/works/text/2', after(video));
    expect(texts).toMatchObject({ UserPage: 'Annotation', UserField: '2', total: 1, Paging: { CurrentPage: 1, TotalPagesCount: 1 } });
    expect(texts.ContentSection[0]).toMatchObject({
      TypeOf: 'text',
      Description: '<p>The <strong>valley</strong> at dusk.</p>\n',
      SentenceNumber: '1,2',
      author: { id: reader.userId, name: reader.name },
      canEdit: false,
      embedUrl: null,
    });
    const videos = await works(anonymous(), '/api/works/video/2');
    expect(videos.ContentSection[0]).toMatchObject({
      Urlto: VIDEO,
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      Description: 'Read aloud',
      SentenceNumber: '2',
    });
    expect((await works(reader.client, '/api/works/video/2')).ContentSection[0]!.canEdit).toBe(true);
    expect((await works(anonymous(), '/api/works/video/1')).total).toBe(0);
    expect((await works(anonymous(), '/api/works/video')).ContentSection.map((w) => w.Urlto)).toEqual([VIDEO]);
  });

  it('refuses bad input with a 400 naming the field and changes nothing; anonymous readers get 401', async () => {
    const head = await api.deps.store.headPosition();
    const cases: [object, string][] = [
      [{ TypeOf: 'video', SentenceNumber: '2', Urlto: 'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ' }, 'Urlto'],
      [{ TypeOf: 'video', SentenceNumber: '2', Urlto: 'javascript:alert(1)' }, 'Urlto'],
      [{ TypeOf: 'video', SentenceNumber: '2' }, 'Urlto'],
      [{ TypeOf: 'audio', SentenceNumber: '2', Urlto: 'http://example.org/a.mp3' }, 'Urlto'],
      [{ TypeOf: 'text', SentenceNumber: '2', Description: '' }, 'Description'],
      [{ TypeOf: 'text', SentenceNumber: 'two', Description: 'x' }, 'SentenceNumber'],
      [{ TypeOf: 'text', SentenceNumber: '99999', Description: 'x' }, 'SentenceNumber'],
      [{ TypeOf: 'iframe', SentenceNumber: '2', Description: 'x' }, 'TypeOf'],
    ];
    for (const [body, field] of cases) {
      const response = await reader.client.post('/postdata/works', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ fields: { field: string }[] }>().fields[0]!.field, JSON.stringify(body)).toBe(field);
    }
    const anon = await anonymous().post('/postdata/works', { TypeOf: 'text', SentenceNumber: '2', Description: 'x' });
    expect(anon.statusCode).toBe(401);
    expect((await anonymous().get('/api/works/film/2')).statusCode).toBe(400);
    expect((await anonymous().get('/api/works/text/0')).statusCode).toBe(400);
    expect((await anonymous().get('/api/works/text/99999')).statusCode).toBe(404);
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('lets owners and administrators edit and delete, administrators alone hide', async () => {
    const added = await reader.client.post('/postdata/works', {
      TypeOf: 'rts',
      SentenceNumber: '3',
      Urlto: 'https://example.org/thesis.pdf',
      Description: 'A thesis',
    });
    const { id } = added.json<{ id: string }>();
    const edit = (who: Person, Description: string) =>
      who.client.post(`/postdata/works/${id}`, { TypeOf: 'rts', SentenceNumber: '3,4', Urlto: 'https://example.org/thesis.pdf', Description });
    const head = await api.deps.store.headPosition();
    expect((await edit(other, 'Mine now')).statusCode).toBe(403);
    expect((await other.client.post(`/postdata/works/${id}/delete`, {})).statusCode).toBe(403);
    expect((await reader.client.post(`/postdata/works/${id}/hide`, {})).statusCode).toBe(403);
    expect(await api.deps.store.headPosition()).toBe(head);
    expect((await edit(reader, 'By its author')).statusCode).toBe(200);
    const edited = await edit(admin, 'By an administrator');
    expect((await works(anonymous(), '/api/works/rts/4', after(edited))).ContentSection[0]).toMatchObject({
      Description: 'By an administrator',
      SentenceNumber: '3,4',
      author: { id: reader.userId },
    });
    const typeChange = await reader.client.post(`/postdata/works/${id}`, { TypeOf: 'slps', SentenceNumber: '3', Urlto: 'https://example.org/s' });
    expect([typeChange.statusCode, typeChange.json<{ fields: { field: string }[] }>().fields[0]!.field]).toEqual([400, 'TypeOf']);

    const hidden = await admin.client.post(`/postdata/works/${id}/hide`, {});
    expect(hidden.statusCode).toBe(200);
    expect((await works(anonymous(), '/api/works/rts/3', after(hidden))).total).toBe(0);
    expect((await works(reader.client, '/api/works/rts/3')).total).toBe(0);
    expect((await works(admin.client, '/api/works/rts/3')).ContentSection[0]).toMatchObject({ hidden: true, canHide: true });
    const shown = await admin.client.post(`/postdata/works/${id}/show`, {});
    expect((await works(anonymous(), '/api/works/rts/3', after(shown))).total).toBe(1);

    const deleted = await reader.client.post(`/postdata/works/${id}/delete`, {});
    expect(deleted.json()).toEqual({ message: workMessages.deleted });
    expect((await works(anonymous(), '/api/works/rts/3', after(deleted))).total).toBe(0);
    expect((await reader.client.post(`/postdata/works/${id}/delete`, {})).statusCode).toBe(404);
  });

  it('renders annotations from the XSS corpus to allowlisted HTML', async () => {
    const payloads = XSS_CORPUS.filter(([payload]) => unsafeCharacterIn(payload, { multiline: true }) === null);
    let last = null;
    for (const [payload] of payloads) {
      last = await other.client.post('/postdata/works', { TypeOf: 'text', SentenceNumber: '5', Description: `Before ${payload} after` });
      expect(last.statusCode, payload).toBe(200);
    }
    const listed: WorkItem[] = [];
    for (let page = 1; ; page++) {
      const answer = await works(anonymous(), `/api/works/text/5?page=${page}`, after(last!));
      listed.push(...answer.ContentSection);
      if (page >= answer.Paging.TotalPagesCount) break;
    }
    expect(listed).toHaveLength(payloads.length);
    for (const work of listed) expect(audit(work.Description, 'comment'), work.markdown).toEqual([]);
  });

  it("renders a linked work's caption as the annotations are: markdown, ||n|| links, sanitised; none for an annotation", async () => {
    const added = await reader.client.post('/postdata/works', {
      TypeOf: 'slps',
      SentenceNumber: '9',
      Urlto: 'https://example.org/loom',
      Description: 'The **loom** of ||8|| <img src=x onerror=alert(1)>',
    });
    expect(added.statusCode, added.body).toBe(200);
    const [work] = (await works(anonymous(), '/api/works/slps/9', after(added))).ContentSection;
    expect(work).toMatchObject({
      Description: 'The **loom** of ||8|| <img src=x onerror=alert(1)>',
      markdown: 'The **loom** of ||8|| <img src=x onerror=alert(1)>',
    });
    expect(work!.captionHtml).toBe('<p>The <strong>loom</strong> of <a class="sentence-link" href="/8">8</a> </p>\n');
    expect(audit(work!.captionHtml, 'comment')).toEqual([]);
    const bare = await reader.client.post('/postdata/works', { TypeOf: 'slps', SentenceNumber: '9', Urlto: 'https://example.org/bare' });
    const annotation = await reader.client.post('/postdata/works', { TypeOf: 'text', SentenceNumber: '9', Description: 'A **note**' });
    expect((await works(anonymous(), '/api/works/slps/9', after(bare))).ContentSection.map((w) => w.captionHtml)[0]).toBe('');
    expect((await works(anonymous(), '/api/works/text/9', after(annotation))).ContentSection[0]).toMatchObject({
      Description: '<p>A <strong>note</strong></p>\n',
      captionHtml: '',
    });
  });

  it('pages works 20 at a time', async () => {
    let last = null;
    for (let i = 1; i <= 23; i++)
      last = await other.client.post('/postdata/works', { TypeOf: 'slps', SentenceNumber: '6', Urlto: `https://example.org/slides/${i}` });
    const first = await works(anonymous(), '/api/works/slps/6', after(last!));
    expect([first.total, first.ContentSection.length, first.Paging]).toEqual([23, 20, { CurrentPage: 1, TotalPagesCount: 2, Skip: 0 }]);
    expect(first.ContentSection[0]!.Urlto).toBe('https://example.org/slides/23');
    const second = await works(anonymous(), '/api/works/slps/6?page=2');
    expect(second.ContentSection.map((w) => w.Urlto)).toEqual(['https://example.org/slides/3', 'https://example.org/slides/2', 'https://example.org/slides/1']);
    expect((await works(anonymous(), '/api/works/slps/6?page=3')).ContentSection).toEqual([]);
    expect((await anonymous().get('/api/works/slps/6?page=0')).statusCode).toBe(400);
  });

  it("carries readers' works in the worksection answers beside the layer's own", async () => {
    const added = await reader.client.post('/postdata/works', { TypeOf: 'text', SentenceNumber: '1', Description: 'On the first line' });
    const section = (await anonymous().get('/api/worksection/mother/1', after(added))).json();
    expect(section.ContentSection[0]).toMatchObject({ TypeOf: 'text', SentenceNumber: '1' });
    expect(section.ReaderWorks.map((w: WorkItem) => w.markdown)).toContain('On the first line');
    const canto = (await anonymous().get('/api/worksection/books/scholar/1/1')).json();
    expect(canto).toMatchObject({ cantoNumber: 1, bookNumber: 1, layer: 'scholar' });
    expect(canto.ReaderWorks.map((w: WorkItem) => w.markdown)).toContain('On the first line');
  });

  it("shows a reader's public profile, and nothing of an erased account's authorship", async () => {
    const account = await newAccount(api, 'user');
    const client = new TestClient(api.app, '192.0.2.88');
    expect((await client.post('/login', { UserName: account.userName, Password: account.password })).json()).toEqual({ type: 1 });
    const added = await client.post('/postdata/works', { TypeOf: 'text', SentenceNumber: '7', Description: 'Soon erased' });
    const profile = await anonymous().get(`/api/profile/${account.userId}`, after(added));
    expect(profile.json()).toMatchObject({
      id: account.userId,
      name: account.name,
      totalWorks: 1,
      posts: [],
      works: [{ markdown: 'Soon erased', SentenceNumber: '7' }],
    });
    expect((await anonymous().get('/api/profile/not-a-uuid')).statusCode).toBe(400);
    expect((await anonymous().get('/api/profile/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const erased = await client.post('/postdata/deleteAccount', { Password: account.password });
    expect(erased.json()).toMatchObject({ type: 1 });
    expect((await anonymous().get(`/api/profile/${account.userId}`, after(erased))).statusCode).toBe(404);
    const listed = await works(anonymous(), '/api/works/text/7');
    expect(listed.ContentSection[0]).toMatchObject({ markdown: 'Soon erased', author: { id: null, name: workMessages.deletedUser }, canEdit: false });
    expect(JSON.stringify(listed)).not.toContain(account.userId);
  });

  it("takes an audio recording through the media library's checks, and an audio work links it", async () => {
    const upload = async (name: string, data: Buffer) => {
      const { payload, headers } = files.multipart([{ name, data, field: 'file' }]);
      return reader.client.request({
        method: 'POST',
        url: '/postdata/works/audio',
        payload,
        headers: { ...headers, 'x-csrf-token': await reader.client.csrf() },
      });
    };
    const stored = await upload('reading.wav', files.wav(1));
    expect(stored.statusCode, stored.body).toBe(200);
    const { url } = stored.json<{ url: string }>();
    expect(url).toMatch(/^\/media\/files\/[0-9a-f]{64}\.wav$/);
    for (const [name, data] of [
      ['fake.mp3', files.text],
      ['picture.wav', await files.png()],
      ['program.mp3', files.elf],
    ] as const) {
      const refused = await upload(name, data);
      expect([refused.statusCode, refused.json<{ fields: { field: string }[] }>().fields[0]!.field], name).toEqual([400, 'file']);
    }
    const added = await reader.client.post('/postdata/works', { TypeOf: 'audio', SentenceNumber: '8', Urlto: url, Description: 'My reading' });
    expect(added.statusCode).toBe(200);
    expect((await works(anonymous(), '/api/works/audio/8', after(added))).ContentSection[0]).toMatchObject({ Urlto: url, Description: 'My reading' });
    const media = await anonymous().get(url);
    expect([media.statusCode, media.headers['content-type']]).toEqual([200, 'audio/wav']);
  });

  it("lists a blogger's published posts on their profile, never drafts", async () => {
    expect((await admin.client.post('/postdata/createblog', { slug: 'margins', title: 'Margins' })).statusCode).toBe(200);
    const writer = await signIn(api, 'blogger', { blogs: ['margins'] });
    const published = await writer.client.post('/postdata/create', {
      blog_id: 'margins',
      title: 'On dusk',
      series_title: 'Dusk',
      md_content: 'About dusk.',
      status: 0,
    });
    const draft = await writer.client.post('/postdata/create', {
      blog_id: 'margins',
      title: 'Unfinished',
      series_title: 'Dusk',
      md_content: 'Not yet.',
      status: 2,
    });
    expect([published.statusCode, draft.statusCode]).toEqual([200, 200]);
    const profile = (await anonymous().get(`/api/profile/${writer.userId}`, after(draft))).json();
    expect(profile).toMatchObject({ name: writer.name, totalWorks: 0, works: [] });
    expect(profile.posts).toEqual([
      { url: `/blogs/margins/${published.json<{ url: string }>().url}`, title: 'On dusk', blog: 'Margins', published_at: expect.any(String) },
    ]);
  });
});
