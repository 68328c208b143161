import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { poemDemoSeeder } from '../poem/demo-seed.js';

// The independent probe's inputs that reached storage or crashed a route (issue 13, items 4 and 5).
let api: TestApi;
let admin: Person;
let writer: Person;
let reader: Person;
const anonymous = () => new TestClient(api.app, '192.0.2.77');
const post = (overrides: Record<string, unknown> = {}) => ({
  blog_id: 'verse',
  title: 'A plain title',
  series_title: 'Series',
  md_content: 'Body.',
  status: 0,
  ...overrides,
});

beforeAll(async () => {
  api = await startTestApi();
  await poemDemoSeeder.seed(api.deps);
  admin = await signIn(api, 'admin');
  expect((await admin.client.post('/postdata/createblog', { slug: 'verse', title: 'Verse' })).statusCode).toBe(200);
  writer = await signIn(api, 'blogger', { blogs: ['verse'] });
  reader = await signIn(api, 'user');
  await caughtUp(api);
});
afterAll(async () => api?.close());

/** Sends `send`, expects a 400 naming a field, and that nothing was appended. */
async function refused(send: () => Promise<{ statusCode: number; json: <T>() => T }>, field?: RegExp) {
  const head = await api.deps.store.headPosition();
  const response = await send();
  expect(response.statusCode).toBe(400);
  const body = response.json<{ message?: string; error: string; fields?: { field: string }[]; stack?: unknown }>();
  expect(body.stack).toBeUndefined();
  // Account calls answer the spec's `{ type: 0, error }`; the rest the uniform error shape.
  const said = body.fields ? body.fields.map((f) => f.field).join(' ') : body.error;
  expect(`${body.message} ${body.error}`).not.toMatch(/syntax|SELECT|INSERT|\/work\/|\.ts:/);
  if (field) expect(said).toMatch(field);
  expect(await api.deps.store.headPosition()).toBe(head);
}

describe('NUL and controls in paths and queries', () => {
  it.each([
    '/api/blogs/%00',
    '/api/blogs/%00/feed',
    '/api/blogs/verse/series?what=%00',
    '/api/blogs/%00/archive',
    '/api/blogs/%00/toc',
    '/api/blogs/verse/%00',
    '/api/blogs/a%08b',
    '/api/tts?text=%00',
    '/api/comments/%00',
  ])('GET %s answers 400, not 500', async (url) => {
    await refused(() => anonymous().get(url));
  });
});

describe('unpaired surrogates and controls in bodies', () => {
  it.each([
    ['title', post({ title: 'x\ud800' }), /title/],
    ['series title', post({ series_title: '\udfff' }), /series_title/],
    ['body', post({ md_content: 'x\ud800y' }), /md_content/],
    ['excerpt', post({ excerpt: 'x\u0000' }), /excerpt/],
    ['a backspace in the title', post({ title: 'bad\u0008title' }), /title/],
    ['a line break in the title', post({ title: 'two\nlines' }), /title/],
    ['an escape in the series title', post({ series_title: '\u001b[31m' }), /series_title/],
  ])('a post with %s is refused', async (_what, body, field) => {
    await refused(() => writer.client.post('/postdata/create', body), field);
  });

  it('keeps tabs and line breaks in a post body, and real text of every script', async () => {
    const created = await writer.client.post('/postdata/create', post({ title: 'मा निषाद 天地 😀', md_content: 'Line one\n\tindented\r\nline three' }));
    expect(created.statusCode).toBe(200);
  });

  it('refuses a note type or note text with an unpaired surrogate, and an admin edit with NUL', async () => {
    await refused(() => reader.client.post('/postdata/myNotes', { Content: 'fine', Sentencenumber: 1, Rtype: '\ud800' }), /Rtype/);
    await refused(() => reader.client.post('/postdata/myNotes', { Content: 'x\udc00', Sentencenumber: 1 }), /Content/);
    await refused(() => admin.client.post('/postdata/updatePoem', { Key: 'commentary', Content: 'x\u0000', id: 1 }), /Content/);
    await refused(() => admin.client.post('/postdata/utranslations/fr', { SentenceNumber: 1, Translated: '\ud800' }), /Translated/);
  });

  it('refuses a translation or text line longer than a verse line may be, naming the limit', async () => {
    await refused(() => admin.client.post('/postdata/utranslations/zh', { SentenceNumber: 1, Translated: 'é'.repeat(10_000) }), /2,000 characters/);
    await refused(() => admin.client.post('/postdata/updatePoem', { Key: 'text-first', Content: 'x'.repeat(2001), id: 1 }), /2,000 characters/);
    await refused(
      () => admin.client.post('/postdata/updatePoem', { Key: 'text-first', Content: Array.from({ length: 401 }, () => 'line').join('\n'), id: 1 }),
      /400 verse lines/,
    );
  });

  it('refuses an unpaired surrogate or NUL in a key of the body', async () => {
    await refused(() => reader.client.post('/postdata/myNotes', { Content: 'fine', Sentencenumber: 1, ['k\u0000']: 1 }));
  });
});

describe('bidirectional controls (docs/decisions/bidi-controls.md)', () => {
  const RLO = '\u202e';
  const page = (overrides: Record<string, unknown>) => ({
    name: 'A page',
    url: '/bidi-page',
    permalink: 'bidi-page',
    category: 'Non-Menu',
    parent: '',
    md_content: 'Text.',
    ...overrides,
  });

  it.each([
    [
      'a right-to-left override in a post title',
      () => writer.client.post('/postdata/create', post({ title: `Invoice ${RLO}fdp.exe` })),
      /title/,
      /override U\+202E \(right-to-left override\)/,
    ],
    [
      'a left-to-right embedding in a series title',
      () => writer.client.post('/postdata/create', post({ series_title: 'a\u202ab' })),
      /series_title/,
      /embedding U\+202A/,
    ],
    [
      'a right-to-left isolate in a post body',
      () => writer.client.post('/postdata/create', post({ md_content: 'a\u2067b\u2069c' })),
      /md_content/,
      /isolate U\+2067/,
    ],
    ['an override in a blog title', () => admin.client.post('/postdata/createblog', { slug: 'bidi', title: `${RLO}golb` }), /title/, /U\+202E/],
    ['an override in a blog renamed in the console', () => admin.client.send('PUT', '/admin-api/blogs/verse', { title: `${RLO}esreV` }), /title/, /U\+202E/],
    ['an override in a library page name', () => admin.client.post('/postdata/createPage', page({ name: `About ${RLO}sdrow` })), /name/, /U\+202E/],
    [
      'an override in a book title',
      () =>
        admin.client.send('POST', '/admin-api/books', { author_id: '00000000-0000-4000-8000-000000000000', title: `${RLO}koob`, order: 1, md_content: 'x' }),
      /title/,
      /U\+202E/,
    ],
    [
      'an override in a work’s annotation',
      () => reader.client.post('/postdata/works', { TypeOf: 'text', SentenceNumber: '1', Description: `note ${RLO}eton` }),
      /Annotation|Description/,
      /U\+202E/,
    ],
    [
      'an override in a verse edit',
      () => admin.client.post('/postdata/updatePoem', { Key: 'text-first', Content: `Sing ${RLO}ssedddog`, id: 1 }),
      /Content/,
      /U\+202E/,
    ],
    ['an override in a note', () => reader.client.post('/postdata/myNotes', { Content: `mine ${RLO}`, Sentencenumber: 1 }), /Content/, /U\+202E/],
    [
      'a right-to-left mark in a display name',
      () => anonymous().post('/register', { Email: 'rlm@example.org', Password: 'pw-long-enough-1', UserName: 'rlm-name', Name: 'Alice\u200f' }),
      /Name/,
      /mark U\+200F \(right-to-left mark\)/,
    ],
    [
      'an Arabic letter mark in a user name',
      () => anonymous().post('/register', { Email: 'alm@example.org', Password: 'pw-long-enough-1', UserName: 'admin\u061c', Name: 'A' }),
      /User ?Name/,
      /mark U\+061C/,
    ],
  ])('%s is refused, naming the field and the character, and nothing is recorded', async (_what, send, field, character) => {
    const head = await api.deps.store.headPosition();
    const response = await send();
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message?: string; error?: string; fields?: { field: string; message: string }[] }>();
    const said = body.fields ? body.fields.map((f) => `${f.field}: ${f.message}`).join(' ') : String(body.error);
    expect(said).toMatch(field);
    expect(said).toMatch(character);
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('refuses an override in a comment, naming it', async () => {
    const created = await writer.client.post('/postdata/create', post({ title: 'Talk about direction' }));
    const id = created.json<{ id: string }>().id;
    await caughtUp(api);
    await refused(() => reader.client.post(`/postdata/comment/${id}`, { cm: `see ${RLO}moc.live` }), /cm|Comment/);
  });

  it('keeps Hebrew and Arabic with the marks their writers use, in titles, bodies and comments', async () => {
    const title = 'שירת הים\u200f (2)';
    const created = await writer.client.post('/postdata/create', post({ title, md_content: 'قصيدة\u061c 12 بيتًا\u200e — and English' }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: string }>().id;
    const stored = await writer.client.get(`/postdata/edit/${id}`, after(created));
    expect(stored.json()).toMatchObject({ title, md_content: 'قصيدة\u061c 12 بيتًا\u200e — and English' });
    await caughtUp(api);
    expect((await reader.client.post(`/postdata/comment/${id}`, { cm: 'مرحبا\u200f!' })).statusCode).toBe(200);
  });

  it('takes any character in a password, as it is never shown: one with an override registers', async () => {
    const password = `pass${RLO}word-long-enough`;
    const client = anonymous();
    expect(
      (await client.post('/register', { Email: 'bidi-pass@example.org', Password: password, UserName: 'bidi-pass', Name: 'Bidi Pass' })).json(),
    ).toMatchObject({ type: 1 });
  });
});

describe('numbers only in canonical form', () => {
  // Events the earlier tests set off (a registration's outbox, reactors) land before any head is compared.
  beforeAll(async () => {
    let head = await api.deps.store.headPosition();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const now = await api.deps.store.headPosition();
      if (now === head) return;
      head = now;
    }
  }, 60_000);

  it.each([[true], [[1]], ['0x1'], [' 1 '], ['1.0'], ['01'], [1.5], [2_147_483_648], ['2147483648'], [null]])(
    'a note on sentence %j is refused, not taken as sentence 1',
    async (number) => {
      await refused(() => reader.client.post('/postdata/myNotes', { Content: 'Overwrite?', Sentencenumber: number }), /Sentence Number Required/);
    },
  );

  it('a note on sentence 1 by number or by its digits is saved', async () => {
    expect((await reader.client.post('/postdata/myNotes', { Content: 'As a number', Sentencenumber: 1 })).statusCode).toBe(200);
    expect((await reader.client.post('/postdata/myNotes', { Content: 'As digits', Sentencenumber: '1' })).statusCode).toBe(200);
  });

  it.each([
    '/postdata/revisions/{id}/2147483648',
    '/postdata/revisions/{id}/0x1',
    '/postdata/revisions/{id}/01',
    '/postdata/revisions/{id}/99999999999999999999',
  ])('GET %s answers 400', async (template) => {
    const created = await writer.client.post('/postdata/create', post({ title: `Revisions ${template.length}` }));
    const id = created.json<{ id: string }>().id;
    await writer.client.get(`/postdata/revisions/${id}`, after(created));
    await refused(() => writer.client.get(template.replace('{id}', id)), /revision/);
  });

  it.each(['/api/lineinfo/1e3', '/api/lineinfo/%201', '/api/lineinfo/0x1', '/api/lineinfo/2147483648', '/api/sbook/1/1/01'])(
    'GET %s answers 400',
    async (url) => {
      await refused(() => anonymous().get(url));
    },
  );
});

describe('multipart uploads', () => {
  const upload = (person: Person, payload: string | Buffer, contentType: string) =>
    person.client
      .csrf()
      .then((token) =>
        person.client.request({ method: 'POST', url: '/postdata/media', payload, headers: { 'content-type': contentType, 'x-csrf-token': token } }),
      );

  it('answers 400 to a body without its boundary or cut short', async () => {
    const noBoundary = await upload(writer, '--x\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n', 'multipart/form-data');
    expect(noBoundary.statusCode).toBe(400);
    const truncated = await upload(
      writer,
      '--x\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
      'multipart/form-data; boundary=x',
    );
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json<{ message: string }>().message).toMatch(/cut short|well-formed/);
  });
});
