import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '@epos/platform';
import { sentenceStream } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { startTestApi, type TestApi } from '../../testkit/test-api.js';
import { sentenceDecider, type SentenceCommand } from '@epos/domain/poem/sentence-decider';
import { INFERNO_I, PARADISE_LOST_I } from './fixtures/real-verse.js';
import { importPoem, type ImportInput } from './import-poem.js';
import { exportPoem } from './export-poem.js';
import { loadCurrentPoem } from './current-poem.js';

/** A sentence's identity must survive every ordinary editorial change to the file it came from. */
let api: TestApi;

const importText = async (content: string, extra: Partial<ImportInput> = {}) => {
  const report = await importPoem(
    { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
    { fileName: 'inferno.txt', content, cause: { actor: 'importer' }, ...extra },
  );
  await settle();
  return report;
};
const settle = async () =>
  expect(await api.deps.progress.waitFor(await api.deps.store.headPosition(), { names: [POEM_PROJECTION], timeoutMs: 60_000 })).not.toBeNull();
/** Reads after everything stored so far (past the answer cache, which learns of changes a moment later). */
const get = async (url: string) => api.app.inject({ method: 'GET', url, headers: { 'x-consistent-after': String(await api.deps.store.headPosition()) } });
const line = async (n: number) => (await get(`/api/lineinfo/${n}`)).json();
const annotate = async (id: number, command: SentenceCommand) => {
  await handleCommand(api.deps.store, { streamId: sentenceStream(id), decider: sentenceDecider(id), command, cause: { actor: 'scholar' } });
  await settle();
};
const numbers = async () =>
  (await get('/api/sbook/1/1/1')).json().customSection[0].customSection.map((l: { lineNumber: number; sentenceId: number }) => [l.lineNumber, l.sentenceId]);

const FEAR = 'I cannot well repeat how there I entered,';
const splitThird = INFERNO_I.replace('death is little more;', 'death is little more.');

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

describe('sentences of real verse keep their identity through re-imports', () => {
  let fearId: number;
  let beforeSplit: string;

  it('reads terza rima by its sentences: across tercets, and past "Ah me!"', async () => {
    const report = await importText(INFERNO_I);
    expect(report.plan.counts).toMatchObject({ sentences: 6, new: 6 });
    const second = await line(2);
    expect(second.lines.split('\n')[0]).toBe('Ah me! how hard a thing it is to say');
    const fifth = await line(5);
    expect(fifth.lines.split('\n')).toHaveLength(6);
    expect(fifth.stanzaBreaks).toEqual([3]);
    expect((await get('/api/site')).json()).toMatchObject({ poemTitle: 'The Divine Comedy', labels: { worksOn: 'Works on The Divine Comedy' } });
    fearId = (await line(4)).sentenceId;
    expect((await line(4)).lines.startsWith(FEAR)).toBe(true);
    await annotate(fearId, { kind: 'setTranslation', lang: 'fr', lines: ['Je ne saurais bien redire comment j’y entrai,'] });
    await annotate(fearId, { kind: 'setField', field: 'motherNote', value: 'Sleep: the soul’s forgetting of the way.' });
    beforeSplit = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
  });

  it('a full stop for a semicolon splits one sentence: a few events, and the annotations stay on their verse', async () => {
    const head = await api.deps.store.headPosition();
    const report = await importText(splitThird);
    expect(report.plan.counts).toMatchObject({ sentences: 7, split: 1, new: 1, changed: 1, withdrawn: 0, renumbered: 3 });
    expect(report.plan.counts.events).toBeLessThan(10);
    expect(Number((await api.deps.store.headPosition()) - head)).toBe(report.plan.counts.events);

    const moved = await line(5);
    expect(moved.sentenceId).toBe(fearId);
    expect(moved.lines.startsWith(FEAR)).toBe(true);
    expect(moved.FrenchCentenary).toBe('Je ne saurais bien redire comment j’y entrai,');
    expect(moved.motherNote).toBe('Sleep: the soul’s forgetting of the way.');
    expect((await line(4)).lines).toBe('But of the good to treat, which there I found,\nSpeak will I of the other things I saw there.');
    expect((await line(4)).FrenchCentenary).toBeNull();
  });

  it('keeps the permanent link, the renumbering in history, and what an old number meant', async () => {
    expect((await get(`/api/s/${fearId}`)).json()).toMatchObject({ id: fearId, sentence: 5, withdrawn: false });
    const history = (await get('/api/history/sentence/5')).json();
    expect(history.id).toBe(fearId);
    expect(history.entries[0]).toMatchObject({ part: 'number', before: '4', after: '5' });
    expect(history.entries.filter((e: { part: string }) => e.part.startsWith('text')).length).toBe(1);
    const then = (await get(`/api/lineinfo/4?asOf=${encodeURIComponent(beforeSplit)}`)).json();
    expect(then).toMatchObject({ lineNumber: 5, sentenceId: fearId });
    expect((await get(`/api/history/sentence/4?asOf=${encodeURIComponent(beforeSplit)}`)).json().id).toBe(fearId);
    expect((await get('/api/lineinfo/4?asOf=2001-01-01')).statusCode).toBe(404);
    const past = (await get(`/api/sbook/1/1/1?asOf=${encodeURIComponent(beforeSplit)}`)).json();
    expect(past.customSection[0].customSection.map((l: { lineNumber: number }) => l.lineNumber)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('the split undone is a merge: the split-off sentence is withdrawn into the one it came from', async () => {
    const report = await importText(INFERNO_I);
    expect(report.plan.counts).toMatchObject({ merged: 1, withdrawn: 1, new: 0 });
    expect(report.applied).toBe(true);
    expect(await numbers()).toHaveLength(6);
    expect((await line(4)).sentenceId).toBe(fearId);
    const history = (await get('/api/history/sentence/3')).json().entries as { type: string }[];
    expect(history.map((e) => e.type).slice(0, 2)).toEqual(['SentenceTextSet', 'SentencesMerged']);
  });

  it('an inserted tercet is new; the sentences after it are renumbered without events of their own', async () => {
    const before = await numbers();
    const tercet = [
      'And even as he, who, with distressful breath,',
      '  Forth issued from the sea upon the shore,',
      '  Turns to the water perilous and gazes;',
      '',
    ];
    const inserted = INFERNO_I.replace(`${FEAR}\n`, `${tercet.join('\n').replace(';', '.')}\n${FEAR}\n`);
    const report = await importText(inserted);
    expect(report.plan.counts).toMatchObject({ new: 1, renumbered: 3, changed: 0, withdrawn: 0, events: 2 });
    const after = await numbers();
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    expect(after.slice(4).map(([, id]: [number, number]) => id)).toEqual(before.slice(3).map(([, id]: [number, number]) => id));
    expect((await line(5)).FrenchCentenary).toBe('Je ne saurais bien redire comment j’y entrai,');
    await importText(INFERNO_I, { confirmed: true });
  });

  it('a moved sentence keeps its identity and annotations', async () => {
    const ah = INFERNO_I.split('\n').slice(10, 14).join('\n');
    const movedText = INFERNO_I.replace(`${ah}\n`, '') + `\n${ah}\n`;
    const ahId = (await line(2)).sentenceId;
    await annotate(ahId, { kind: 'setCommentary', layer: 'sage', text: 'The fear is felt again in the telling.' });
    const report = await importText(movedText);
    expect(report.plan.counts).toMatchObject({ moved: 1, new: 0, withdrawn: 0 });
    const last = await line(6);
    expect(last).toMatchObject({ sentenceId: ahId, commentary: { sage: 'The fear is felt again in the telling.' } });
    await importText(INFERNO_I);
    expect((await line(2)).sentenceId).toBe(ahId);
  });

  it('removing an annotated sentence is planned, refused without confirmation and stored only with it', async () => {
    const without = INFERNO_I.replace(/I cannot well repeat[\s\S]*?true way\.\n\n/, '');
    const head = await api.deps.store.headPosition();
    const dry = await importText(without, { dryRun: true });
    expect(dry).toMatchObject({ applied: false, plan: { counts: { withdrawn: 1 } } });
    expect(dry.plan.review.join('\n')).toContain('translation fr');
    const refused = await importText(without);
    expect(refused.applied).toBe(false);
    expect(refused.plan.needsConfirmation).toMatch(/annotated sentence/);
    expect(await api.deps.store.headPosition()).toBe(head);
    const done = await importText(without, { confirmed: true });
    expect(done.applied).toBe(true);
    expect((await get(`/api/s/${fearId}`)).json()).toMatchObject({ sentence: null, withdrawn: true });
  });

  it('a wrong file that would withdraw most of the poem needs confirmation', async () => {
    const head = await api.deps.store.headPosition();
    const report = await importText(PARADISE_LOST_I);
    expect(report.applied).toBe(false);
    expect(report.plan.needsConfirmation).toMatch(/withdraws \d+ of the poem's \d+ sentences/);
    expect(await api.deps.store.headPosition()).toBe(head);
  });
});

describe('blank verse: a sentence ending inside a line', () => {
  it('keeps the verse line whole and gives each sentence its own part of it', async () => {
    const own = await startTestApi();
    try {
      const report = await importPoem(
        { store: own.deps.store, progress: own.deps.progress, readModel: () => own.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
        { fileName: 'pl.txt', content: PARADISE_LOST_I, cause: { actor: 'importer' } },
      );
      await own.deps.progress.waitFor(report.position!, { names: [POEM_PROJECTION], timeoutMs: 60_000 });
      const section = (await own.app.inject({ method: 'GET', url: '/api/sbook/1/1/1' })).json().customSection[0].customSection;
      expect(section).toHaveLength(2);
      expect(section[0].lines.split('\n').at(-1)).toBe('With vain attempt.');
      expect(section[1]).toMatchObject({ joinsPrevious: true });
      expect(section[1].lines.split('\n')[0]).toBe('Him the Almighty Power');
      // The shared line is verse line 11 of the poem; "Hurled headlong…" is line 12, 16 lines in all.
      expect(section[1].verseLines.slice(0, 2).map((v: { inPoemNumber: number }) => v.inPoemNumber)).toEqual([11, 12]);
      const byVerse = (await own.app.inject({ method: 'GET', url: '/api/linenumber/16?by=verse' })).json();
      expect(byVerse.inPoemNumber).toBe(2);
      expect((await own.app.inject({ method: 'GET', url: '/api/linenumber/17?by=verse' })).statusCode).toBe(404);
    } finally {
      await own.close();
    }
  });
});

describe('a sentence running over a tercet break into the middle of the next', () => {
  it('numbers the stanzas as the file does, and the export imports again without a change', async () => {
    const own = await startTestApi();
    try {
      const context = { store: own.deps.store, progress: own.deps.progress, readModel: () => own.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) };
      const text = [
        'Book 1: Inferno',
        'Canto 1: The Dark Forest',
        'Section 1',
        'Midway upon the journey of our life',
        '  I found myself within a forest dark,',
        '  For the straightforward pathway had been lost,',
        '',
        'Ah me! how hard a thing it is to say.',
        '  What was this forest savage, rough, and stern,',
        '  Which in the very thought renews the fear.',
        '',
        'So bitter is it, death is little more.',
      ].join('\n');
      const first = await importPoem(context, { fileName: 'inferno.txt', content: text, cause: { actor: 'importer' } });
      await own.deps.progress.waitFor(first.position!, { names: [POEM_PROJECTION], timeoutMs: 60_000 });
      const section = (await own.app.inject({ method: 'GET', url: '/api/sbook/1/1/1' })).json().customSection[0].customSection;
      expect(section.map((l: { stanzaNumber: number; stanzaBreaks: number[] }) => [l.stanzaNumber, l.stanzaBreaks])).toEqual([
        [1, [3]],
        [2, []],
        [3, []],
      ]);
      const exported = exportPoem(await loadCurrentPoem(await context.readModel()));
      const again = await importPoem(context, { fileName: 'export.json', content: exported, cause: { actor: 'importer' } });
      expect(again.plan.counts).toMatchObject({ events: 0, unchanged: 3 });
    } finally {
      await own.close();
    }
  });
});
