import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '@epos/platform';
import { sentenceStream, type PoemFile } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { DEMO_POEM_FILE } from './demo-seed.js';
import { PoemFormatError } from './import/errors.js';
import { exportPoem } from './import/export-poem.js';
import { loadCurrentPoem } from './import/current-poem.js';
import { importPoem, type ImportInput } from './import/import-poem.js';
import { sentenceDecider } from '@epos/domain/poem/sentence-decider';
import { TestClient } from '../testkit/client.js';
import { caughtUp, signIn } from '../testkit/people.js';
import { provisionUser } from '../accounts/provision.js';

const demo = fs.readFileSync(DEMO_POEM_FILE, 'utf8');
const demoPoem = JSON.parse(demo) as PoemFile;
let api: TestApi;
let importedAt: string;

const context = () => ({
  store: api.deps.store,
  progress: api.deps.progress,
  readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION),
});
const importFile = (fileName: string, content: string, extra: Partial<ImportInput> = {}) =>
  importPoem(context(), { fileName, content, cause: { actor: 'importer' }, ...extra });
const settled = async () =>
  expect(await api.deps.progress.waitFor(await api.deps.store.headPosition(), { names: [POEM_PROJECTION], timeoutMs: 60_000 })).not.toBeNull();
const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  api = await startTestApi();
  const report = await importFile('poem.json', demo);
  expect(report).toMatchObject({ format: 'json', applied: true, plan: { counts: { sentences: 69, new: 69, withdrawn: 0 } } });
  importedAt = new Date().toISOString();
  await settled();
});
afterAll(async () => api.close());

describe('poem import and export', () => {
  it('appends nothing when the same file is imported again', async () => {
    const head = await api.deps.store.headPosition();
    const again = await importFile('poem.json', demo);
    expect(again).toMatchObject({ plan: { counts: { events: 0, unchanged: 69, new: 0 } }, position: null });
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('exports the demo byte for byte, and export → import → export is identical', async () => {
    const exported = exportPoem(await loadCurrentPoem(await context().readModel()));
    expect(exported).toBe(demo);
    expect((await importFile('export.json', exported)).plan.counts.events).toBe(0);
    expect(exportPoem(await loadCurrentPoem(await context().readModel()))).toBe(exported);
  });

  it('refuses a malformed file with file:line: what was expected, storing nothing', async () => {
    const head = await api.deps.store.headPosition();
    await expect(importFile('broken.json', '{\n  "format": "epos-poem",\n  "version": 1,\n  "books": [\n}')).rejects.toThrow(
      /^broken\.json:5: expected valid JSON/,
    );
    const wrongStanza = demo.replace('"stanza": 1,', '"stanza": "one",');
    const line = demo.slice(0, demo.indexOf('"stanza": 1,')).split('\n').length;
    const error = await importFile('typo.json', wrongStanza).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PoemFormatError);
    expect((error as Error).message).toContain(`typo.json:${line}: books.0.cantos.0.sections.0.sentences.0.stanza: stanza must be a number`);
    await expect(importFile('long.txt', `Book 1: ${'x'.repeat(400)}\nCanto 1: B\nSection 1\nA line.`)).rejects.toThrow(
      'long.txt:1: book title: a name has at most 300 characters',
    );
    await expect(importFile('blank.json', demo.replace('"name": "The Kindling"', '"name": "   "'))).rejects.toThrow(
      /blank\.json:\d+: books\.0\.name: expected a name/,
    );
    const skipped = demo.replace('"sentence": 2,', '"sentence": 3,');
    await expect(importFile('skip.json', skipped)).rejects.toThrow(/skip\.json:\d+: expected sentence number 2/);
    expect(await api.deps.store.headPosition()).toBe(head);
  });
});

describe('reading API', () => {
  it('serves a section in the spec shape, with computed and imported derived fields', async () => {
    const response = await get('/api/sbook/1/1/1');
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({ bookNumber: 1, cantoNumber: 1, Edition: 'first', loggedin: false, bookName: demoPoem.books[0]!.name });
    const lines = view.customSection[0].customSection;
    expect(lines[0]).toMatchObject({ lineNumber: 1, id: 1, stanzaNumber: 1, audiourl: '/media/demo/invocation.mp3' });
    expect(lines[0].lines).toBe(demoPoem.books[0]!.cantos[0]!.sections[0]!.sentences[0]!.text.first!.join('\n'));
    const computed = lines.find((l: { sources: { ipa_first: string } }) => l.sources.ipa_first === 'computed');
    expect(computed.ipa_first).toMatch(/ˈ/);
    expect(computed.lineScantion).toMatch(/[/x]/);
    expect(view.layers.map((l: { key: string }) => l.key)).toEqual(['mother', 'sage', 'scholar', 'poet', 'reader']);
  });

  it('serves each edition, and answers the spec 404s', async () => {
    const revisedSentence = demoPoem.books
      .flatMap((b) => b.cantos.flatMap((c) => c.sections.flatMap((s) => s.sentences.map((x) => ({ x, at: [b.book, c.canto, s.section] })))))
      .find(({ x }) => x.text.revised && JSON.stringify(x.text.revised) !== JSON.stringify(x.text.first))!;
    const [b, c, s] = revisedSentence.at;
    const revised = (await get(`/api/sbook/${b}/${c}/${s}?edition=revised`)).json();
    const line = revised.customSection[0].customSection.find((l: { id: number }) => l.id === revisedSentence.x.sentence);
    expect(line.lines).toBe(revisedSentence.x.text.revised!.join('\n'));
    expect(line.lines_first).toBe(revisedSentence.x.text.first!.join('\n'));
    expect((await get('/api/sbook/9/9/9')).json()).toMatchObject({ statusCode: 404, message: 'No book found' });
    expect((await get('/api/lineinfo/999')).json()).toMatchObject({ statusCode: 404, message: 'Not Found' });
    expect((await get('/api/srange/900-910')).json()).toMatchObject({ statusCode: 404, message: 'Nothing to add' });
    expect((await get('/api/sbook/1/1/1?edition=second')).statusCode).toBe(400);
  });

  it('answers translations, line lookup and ranges', async () => {
    const fr = (await get('/api/translation/1/1/1?lang=fr')).json();
    expect(fr[0]).toMatchObject({ SentenceNumber: 1 });
    expect(fr[0].Translated.split('\n').length).toBeGreaterThan(0);
    const lookup = (await get('/api/linenumber/2')).json();
    const first = demoPoem.books[0]!.cantos[0]!.sections[0]!.sentences;
    expect(lookup).toMatchObject({ inPoemNumber: 2, inBookNumber: 2, inCantoNumber: 2, Line: first[1]!.text.first!.join('\n') });
    const firstLines = first[0]!.text.first!.length;
    expect(lookup.LineDetails.map((d: { inPoemNumber: number }) => d.inPoemNumber)).toEqual(first[1]!.text.first!.map((_, i) => firstLines + 1 + i));
    const byVerse = (await get(`/api/linenumber/${firstLines + 1}?by=verse`)).json();
    expect(byVerse.inPoemNumber).toBe(2);
    expect((await get('/api/linenumber/9999')).statusCode).toBe(404);
    expect((await get('/api/srange/1-3')).json().map((l: { id: number }) => l.id)).toEqual([1, 2, 3]);
  });

  it('answers the contents for the reading menu', async () => {
    const contents = (await get('/api/contents')).json();
    expect(contents.books.map((b: { book: number; name: string }) => [b.book, b.name])).toEqual(demoPoem.books.map((b) => [b.book, b.name]));
    expect(contents.books[0]).toMatchObject({ cantoCount: demoPoem.books[0]!.cantos.length, cantos: [] });
    const book = (await get('/api/contents/1')).json();
    expect(book.books).toHaveLength(1);
    expect(book.books[0].cantos.map((c: { name: string }) => c.name)).toEqual(demoPoem.books[0]!.cantos.map((c) => c.name));
    expect(book.books[0].cantos[0].sections[0]).toEqual({ SectionNumber: 1, srn: 'I', SectionName: demoPoem.books[0]!.cantos[0]!.sections[0]!.name ?? '' });
    expect((await get('/api/contents/99')).statusCode).toBe(404);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/sbook/1/1/2');
    expect(first.headers.etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toContain('must-revalidate');
    const again = await get('/api/sbook/1/1/2', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('scholarship: history, time travel, variorum', () => {
  it('records a revision with its actor, shows it at once to its author, and keeps the past readable', async () => {
    const n = 2;
    const before = (await get('/api/lineinfo/2')).json().lines as string;
    const result = await handleCommand(api.deps.store, {
      streamId: sentenceStream(n),
      decider: sentenceDecider(n),
      command: { kind: 'setText', edition: 'first', lines: ['Now evening leaned upon the eastern hills,', 'And all was changed.'] },
      cause: { actor: 'editor-9' },
    });
    const fresh = (await get('/api/sbook/1/1/1', { 'x-consistent-after': String(result.position) })).json();
    expect(fresh.customSection[0].customSection[1].lines).toBe('Now evening leaned upon the eastern hills,\nAnd all was changed.');

    const history = (await get(`/api/history/sentence/${n}`)).json();
    expect(history.entries[0]).toMatchObject({
      actor: 'editor-9',
      part: 'text:first',
      before,
      after: 'Now evening leaned upon the eastern hills,\nAnd all was changed.',
    });
    expect(history.entries[0].diff).toEqual(expect.arrayContaining([{ op: 'insert', text: expect.stringContaining('eastern') }]));
    expect(history.entries.at(-1)).toMatchObject({ actor: 'importer', part: 'placement' });

    const past = (await get(`/api/sbook/1/1/1?asOf=${encodeURIComponent(importedAt)}`)).json();
    expect(past.customSection[0].customSection[1].lines).toBe(before);
    expect((await get('/api/sbook/1/1/1?asOf=2001-01-01')).statusCode).toBe(404);
  });

  it("names each change's actor by their display name, and as 'deleted user' once they are erased", async () => {
    const editor = await signIn(api, 'admin');
    // The sentence the test above already changed, so the imports below count the same changes.
    const n = 2;
    await handleCommand(api.deps.store, {
      streamId: sentenceStream(n),
      decider: sentenceDecider(n),
      command: { kind: 'setText', edition: 'first', lines: ['Now evening leaned upon the eastern hills,', 'And all was changed again.'] },
      cause: { actor: editor.userId },
    });
    await caughtUp(api);
    const latest = async () => (await get(`/api/history/sentence/${n}`)).json().entries[0];
    expect(await latest()).toMatchObject({ actor: editor.userId, actorName: editor.name, part: 'text:first' });
    expect((await get(`/api/history/sentence/${n}`)).json().entries.at(-1)).toMatchObject({ actor: 'importer', actorName: 'importer' });

    const erased = await editor.client.post('/postdata/deleteAccount', { Password: `pw-${editor.userName}-secret` });
    expect(erased.json()).toMatchObject({ type: 1 });
    await caughtUp(api);
    expect(await latest()).toMatchObject({ actor: editor.userId, actorName: 'deleted user' });
    expect(JSON.stringify((await get(`/api/history/sentence/${n}`)).json())).not.toContain(editor.name);
  });

  it('compares two editions of a section word by word', async () => {
    const compare = (await get('/api/compare/1/1/1?a=first&b=revised')).json();
    expect(compare.changed).toBe(compare.sentences.filter((s: { same: boolean }) => !s.same).length);
    const changed = compare.sentences.find((s: { same: boolean }) => !s.same);
    expect(changed.diff.some((d: { op: string }) => d.op !== 'equal')).toBe(true);
    expect((await get('/api/compare/1/1/1?a=first&b=fourth')).statusCode).toBe(400);
  });
});

describe('plain-text import', () => {
  const asText = (edition: 'first' | 'centenary', mutate?: (poem: PoemFile) => void) => {
    const poem = structuredClone(demoPoem);
    mutate?.(poem);
    const out = [`Edition: ${edition}`];
    let stanza = 0;
    for (const b of poem.books) {
      out.push('', `Book ${b.book}: ${b.name}`);
      for (const c of b.cantos) {
        out.push(`Canto ${c.canto}: ${c.name}`);
        for (const s of c.sections) {
          out.push(`Section ${s.section}${s.name ? `: ${s.name}` : ''}`);
          for (const x of s.sentences) {
            if (x.stanza !== stanza && stanza !== 0) out.push('');
            stanza = x.stanza;
            out.push(...(x.text[edition] ?? x.text.first!));
          }
        }
      }
    }
    return out.join('\n');
  };

  it('imports an edition aligned with the first, reporting sentences that do not align', async () => {
    const fresh = await startTestApi();
    try {
      const ctx = {
        store: fresh.deps.store,
        progress: fresh.deps.progress,
        readModel: () => fresh.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION),
      };
      const first = await importPoem(ctx, { fileName: 'first.txt', content: asText('first'), cause: { actor: 'a' } });
      expect(first).toMatchObject({ format: 'text', edition: 'first', plan: { counts: { sentences: 69 } }, warnings: [] });
      await fresh.deps.progress.waitFor(first.position!, { names: [POEM_PROJECTION], timeoutMs: 60_000 });

      // Move the first sentence of book 2 into book 1's last section: those two sections no longer align.
      const centenary = asText('centenary', (poem) => {
        const moved = poem.books[1]!.cantos[0]!.sections[0]!.sentences.shift()!;
        poem.books[0]!.cantos.at(-1)!.sections.at(-1)!.sentences.push(moved);
      });
      const report = await importPoem(ctx, { fileName: 'centenary.txt', content: centenary, cause: { actor: 'a' } });
      expect(report.edition).toBe('centenary');
      expect(report.misaligned.map((m) => m.message.replace(/^line \d+: /, ''))).toEqual([
        expect.stringMatching(/^book 1, canto 2, section 2 has \d+ sentences here but \d+ in the first edition; its sentences were not imported$/),
        expect.stringMatching(/^book 2, canto 1, section 1 has \d+ sentences here but \d+ in the first edition; its sentences were not imported$/),
      ]);
      const aligned = demoPoem.books.flatMap((b) =>
        b.cantos.flatMap((c) =>
          c.sections
            .filter((x) => !((b.book === 1 && c.canto === 2 && x.section === 2) || (b.book === 2 && c.canto === 1 && x.section === 1)))
            .flatMap((x) => x.sentences),
        ),
      );
      const differing = aligned.filter((x) => x.text.centenary && JSON.stringify(x.text.centenary) !== JSON.stringify(x.text.first));
      expect(report.plan.counts.changed).toBe(differing.length);
      const stored = (
        await fresh.app.inject({
          method: 'GET',
          url: `/api/lineinfo/${differing[0]!.sentence}?edition=centenary`,
          headers: { 'x-consistent-after': String(report.position) },
        })
      ).json();
      expect(stored.lines).toBe(differing[0]!.text.centenary!.join('\n'));

      const midLine = await importPoem(ctx, {
        fileName: 'mid.txt',
        content: 'Book 1: A\nCanto 1: B\nSection 1\nIt ends here. And this\ngoes on.',
        cause: { actor: 'a' },
        dryRun: true,
      });
      expect(midLine).toMatchObject({ applied: false, warnings: [], plan: { counts: { sentences: 2 } } });
    } finally {
      await fresh.close();
    }
  });
});

describe('study calls', () => {
  const sentenceWith = (test: (s: PoemFile['books'][number]['cantos'][number]['sections'][number]['sentences'][number]) => boolean) =>
    demoPoem.books
      .flatMap((b) => b.cantos.flatMap((c) => c.sections.flatMap((s) => s.sentences.map((x) => ({ x, b: b.book, c: c.canto, s: s.section })))))
      .find(({ x }) => test(x))!;

  it('answers word relations, with one colour class per Sanskrit word', async () => {
    const { x } = sentenceWith((s) => (s.relations?.length ?? 0) > 2);
    const relations = (await get(`/api/relation/${x.sentence}`)).json();
    expect(relations).toEqual(x.relations);
    expect(Object.keys(relations[0])).toEqual(['Snumber', 'SText', 'Enumber']);
    const coloured = (await get(`/api/getColorRelation/${x.sentence}`)).json();
    const classes = new Map(coloured.map((r: { Snumber: number; colorClass: string }) => [r.Snumber, r.colorClass]));
    expect(new Set(classes.values()).size).toBe(new Set(x.relations!.map((r) => r.Snumber)).size);
    expect(coloured[0].colorClass).toBe('relation-1');
  });

  it('answers the edit prefill, translate, readings and works', async () => {
    const { x } = sentenceWith((s) => s.fields?.motherNote !== undefined && s.translations?.de !== undefined);
    expect((await get(`/api/dedit/${x.sentence}/motherNote`)).json()).toEqual({ Key: 'motherNote', Content: x.fields!.motherNote, id: x.sentence });
    expect((await get(`/api/translate/${x.sentence}?lang=de`)).json()).toEqual({
      Line: (x.text.revised ?? x.text.first)!.join('\n'),
      Translated: x.translations!.de!.join('\n'),
    });

    const withSage = sentenceWith((s) => s.commentary?.sage !== undefined);
    const reading = (await get(`/api/nextRead/${withSage.b}/${withSage.c}/${withSage.s}?forWhom=sage&id=${withSage.x.sentence}`)).json();
    expect(reading).toMatchObject({
      Content: withSage.x.commentary!.sage,
      Current: withSage.x.sentence,
      Author: demoPoem.layers!.find((l) => l.key === 'sage')!.author,
    });
    expect((await get(`/api/nextRead/${withSage.b}/${withSage.c}/${withSage.s}?forWhom=nobody`)).statusCode).toBe(404);
    const works = (await get(`/api/worksection/sage/${withSage.x.sentence}`)).json();
    expect(works.ContentSection[0]).toEqual({
      Description: withSage.x.commentary!.sage,
      Urlto: `/${withSage.x.sentence}`,
      SentenceNumber: String(withSage.x.sentence),
      TypeOf: 'text',
    });
    expect((await get('/api/translation/1/1/1?lang=sa')).json()[0]).toMatchObject({ lang: 'sa' });
  });

  it('answers bad numbers with a 400 naming the field, never a 500', async () => {
    for (const url of ['/api/lineinfo/99999999999', '/api/sbook/99999999999/1/1', '/api/relation/0', '/api/linenumber/x']) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[0].field).toMatch(/^(n|book)$/);
    }
    expect((await get('/api/sbook/1/1/1', { 'if-none-match': '*' })).statusCode).toBe(304);
  });

  it('reads a section as it stood: sentences that moved away since are still in it', async () => {
    const before = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const current = (await loadCurrentPoem(await context().readModel())).sentences.get(9)!.state.placement!;
    const moved = await handleCommand(api.deps.store, {
      streamId: sentenceStream(9),
      decider: sentenceDecider(9),
      command: { kind: 'place', placement: { ...current, section: 2, stanza: 4 } },
      cause: { actor: 'editor-9' },
    });
    const after = { 'x-consistent-after': String(moved.position) };
    const ids = (view: { customSection: { customSection: { id: number }[] }[] }) => view.customSection[0]!.customSection.map((l) => l.id);
    expect(ids((await get('/api/sbook/1/1/1', after)).json())).not.toContain(9);
    expect(ids((await get('/api/sbook/1/1/2', after)).json())).toContain(9);
    // Without the header the cache catches up as soon as the change is announced.
    await expect.poll(async () => ids((await get('/api/sbook/1/1/1')).json()), { timeout: 60_000 }).not.toContain(9);
    expect(ids((await get(`/api/sbook/1/1/1?asOf=${encodeURIComponent(before)}`)).json())).toContain(9);
    expect(ids((await get(`/api/sbook/1/1/2?asOf=${encodeURIComponent(before)}`)).json())).not.toContain(9);
  });

  it('withdraws sentences a complete import no longer has; their old number read as of before still finds them', async () => {
    const shorter = structuredClone(demoPoem);
    const last = shorter.books.at(-1)!.cantos.at(-1)!.sections.at(-1)!;
    const dropped = last.sentences.pop()!;
    const file = `${JSON.stringify(shorter, null, 2)}\n`;
    const before = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const report = await importFile('shorter.json', file, { confirmed: true });
    expect(report.plan.counts).toMatchObject({ withdrawn: 1, new: 0 });
    expect(report.applied).toBe(true);
    await settled();
    expect((await get(`/api/lineinfo/${dropped.sentence}`)).statusCode).toBe(404);
    const then = await get(`/api/lineinfo/${dropped.sentence}?asOf=${encodeURIComponent(before)}`);
    expect(then.statusCode).toBe(200);
    expect(then.json()).toMatchObject({
      lineNumber: dropped.sentence,
      lines: dropped.text.first!.join('\n'),
      withdrawn: true,
      bookNumber: shorter.books.at(-1)!.book,
    });
    expect((await get(`/api/lineinfo/${dropped.sentence}?asOf=2001-01-01`)).statusCode).toBe(404);
    expect(exportPoem(await loadCurrentPoem(await context().readModel()))).not.toContain(`"sentence": ${dropped.sentence},`);
    expect((await get(`/api/history/sentence/${dropped.sentence}`)).json().entries[0]).toMatchObject({ type: 'SentenceWithdrawn', after: null });
  });
});

describe('editing line data (admins)', () => {
  it('saves translations, notes and relations as events by the editor, and refuses others', async () => {
    const editorId = await provisionUser(api.deps, {
      userName: 'editor',
      email: 'editor@example.org',
      name: 'Ed',
      password: 'editor-secret-1',
      role: 'admin',
      confirmed: true,
      actor: 'test',
    });
    await provisionUser(api.deps, {
      userName: 'plain',
      email: 'plain@example.org',
      name: 'Pl',
      password: 'plain-secret-1',
      role: 'user',
      confirmed: true,
      actor: 'test',
    });
    await api.deps.progress.waitFor(await api.deps.store.headPosition(), { names: ['users'], timeoutMs: 60_000 });
    const editor = new TestClient(api.app, '192.0.2.90');
    const plain = new TestClient(api.app, '192.0.2.91');
    await editor.post('/login', { UserName: 'editor', Password: 'editor-secret-1' });
    await plain.post('/login', { UserName: 'plain', Password: 'plain-secret-1' });

    expect((await plain.post('/postdata/utranslations/fr', { SentenceNumber: 3, Translated: 'Non.' })).statusCode).toBe(403);
    expect((await editor.post('/postdata/utranslations/fr', { SentenceNumber: 3, Translated: 'Une ligne.\n\nDeux.' })).json()).toEqual({
      type: 0,
      error: 'TextBox cant be Empty',
    });
    const saved = await editor.post('/postdata/utranslations/fr', { SentenceNumber: 3, Translated: 'Une ligne,\nune autre.' });
    expect(saved.json()).toEqual({ type: 1, message: 'Book Updated Successfully' });
    const after = { 'x-consistent-after': String(saved.headers['x-position']) };
    expect((await get('/api/translate/3?lang=fr', after)).json().Translated).toBe('Une ligne,\nune autre.');

    const note = await editor.post('/postdata/updatePoem', { Key: 'motherNote', Content: 'A new note.', id: 3 });
    expect(note.json()).toMatchObject({ type: 1 });
    expect((await get('/api/dedit/3/motherNote', { 'x-consistent-after': String(note.headers['x-position']) })).json().Content).toBe('A new note.');
    const relations = await editor.post('/postdata/updateRelation/3', [{ Snumber: 0, SText: 'दीप', Enumber: 2 }]);
    expect((await get('/api/relation/3', { 'x-consistent-after': String(relations.headers['x-position']) })).json()).toEqual([
      { Snumber: 0, SText: 'दीप', Enumber: 2 },
    ]);
    expect((await editor.post('/postdata/updatePoem', { Key: 'motherNote', Content: 'x', id: 99999 })).statusCode).toBe(404);

    const history = (await get('/api/history/sentence/3')).json();
    expect(history.entries.slice(0, 3).map((e: { actor: string; part: string }) => [e.actor, e.part])).toEqual([
      [editorId, 'relations'],
      [editorId, 'field:motherNote'],
      [editorId, 'translation:fr'],
    ]);
  });
});
