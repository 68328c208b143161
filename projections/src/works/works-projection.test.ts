import { describe, expect, it } from 'vitest';
import type { NewEvent, Projection } from '@epos/platform';
import { userStream, workStream, type WorkContent } from '@epos/schemas';
import { useProjectionUnderTest } from '../testkit/projection-under-test.js';
import { worksProjection, type WorksReadModel } from './works-projection.js';
import { findWork, findWorks } from './queries.js';

const projection = useProjectionUnderTest<WorksReadModel>(worksProjection as Projection);
const append = (workId: string, events: NewEvent[]) => projection.append(workStream(workId), events);

const ann = '11111111-1111-4111-8111-111111111111';
const vid = '22222222-2222-4222-8222-222222222222';
const reader = '33333333-3333-4333-8333-333333333333';
const other = '44444444-4444-4444-8444-444444444444';
const note: WorkContent = { type: 'text', description: 'A **dawn** <script>alert(1)</script> ![x](https://track.example/p.gif) ||12||', url: null };
const video: WorkContent = { type: 'video', description: 'Read aloud', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
const all = { includeHidden: false };
const window = { offset: 0, limit: 10 };

describe('works projection', () => {
  it('keeps works with their sentences and sanitised annotation HTML, listed by type, sentence and user', async () => {
    await append(ann, [{ type: 'WorkAdded', data: { workId: ann, userId: reader, sentences: [5, 3], content: note } }]);
    const db = await append(vid, [{ type: 'WorkAdded', data: { workId: vid, userId: other, sentences: [3], content: video } }]);
    const found = await findWork(db, ann);
    expect(found?.sentence_ids).toEqual([5, 3]);
    expect(found?.html).toContain('<strong>dawn</strong>');
    expect(found?.html).not.toMatch(/<script|<img/);
    expect((await findWorks(db, { ...all, sentenceIds: [3] }, window)).rows.map((r) => r.work_id)).toEqual([vid, ann]);
    expect((await findWorks(db, { ...all, type: 'text', sentenceIds: [3] }, window)).rows.map((r) => r.work_id)).toEqual([ann]);
    expect((await findWorks(db, { ...all, sentenceIds: [4] }, window)).total).toBe(0);
    expect((await findWorks(db, { ...all, userId: other }, window)).rows.map((r) => [r.work_id, r.sentence_ids])).toEqual([[vid, [3]]]);
    expect(await findWorks(db, { ...all, sentenceIds: [3] }, { offset: 1, limit: 1 })).toMatchObject({ total: 2, rows: [{ work_id: ann }] });
  });

  it('edits, hides from everyone but moderators, shows, and deletes', async () => {
    let db = await append(ann, [{ type: 'WorkEdited', data: { workId: ann, sentences: [4], content: { ...note, description: 'Plain' } } }]);
    expect(await findWork(db, ann)).toMatchObject({ sentence_ids: [4], html: '<p>Plain</p>\n' });
    db = await append(ann, [{ type: 'WorkHidden', data: { workId: ann } }]);
    expect((await findWorks(db, { ...all, sentenceIds: [4] }, window)).total).toBe(0);
    expect((await findWorks(db, { includeHidden: true, sentenceIds: [4] }, window)).total).toBe(1);
    db = await append(ann, [{ type: 'WorkShown', data: { workId: ann } }]);
    expect((await findWorks(db, { ...all, sentenceIds: [4] }, window)).total).toBe(1);
    db = await append(ann, [{ type: 'WorkDeleted', data: { workId: ann } }]);
    expect(await findWork(db, ann)).toBeNull();
    expect(await db.selectFrom('work_sentences').selectAll().where('work_id', '=', ann).execute()).toEqual([]);
  });

  it("forgets an erased account's authorship but keeps its works", async () => {
    const db = await projection.append(userStream(other), [{ type: 'AccountDeleted', data: { userId: other } }]);
    expect(await findWork(db, vid)).toMatchObject({ user_id: null });
    expect((await findWorks(db, { ...all, userId: other }, window)).total).toBe(0);
  });
});
