import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { mediaStream, type AdminMediaAnswer, type UploadedImageAnswer } from '@epos/schemas';
import type { AdminSentenceAnswer } from '@epos/schemas/admin/sentences';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { listQuery, startAdminTestApi } from '../../testkit/admin-api.js';
import { after, caughtUp, type Person } from '../../testkit/people.js';
import type { TestApi } from '../../testkit/test-api.js';
import * as files from '../../media/testkit/test-files.js';

let api: TestApi;
let admin: Person;
let reader: Person;
beforeAll(async () => {
  ({ api, admin, reader } = await startAdminTestApi());
}, 300_000);
afterAll(async () => api?.close());

async function uploaded(url: string, name: string, data: Buffer): Promise<string> {
  const { payload, headers } = files.multipart([{ name, data }]);
  const response = await admin.client.request({ method: 'POST', url, payload, headers: { ...headers, 'x-csrf-token': await admin.client.csrf() } });
  const [answer] = response.json<UploadedImageAnswer[]>();
  expect(answer).toMatchObject({ status: 1 });
  return /([0-9a-f]{64})/.exec(answer!.fileUrl)![1]!;
}
const sentenceIdOf = async (number: number) =>
  (
    await (
      await api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION)
    )
      .selectFrom('sentences')
      .select('id')
      .where('sentence', '=', number)
      .executeTakeFirstOrThrow()
  ).id;
const sentence = async (number: number, response: LightMyRequestResponse) =>
  (await admin.client.get(`/admin-api/sentences/${await sentenceIdOf(number)}`, after(response))).json<AdminSentenceAnswer>();

describe('the Media resource', () => {
  let lamp: string;
  let dawn: string;
  let hymn: string;
  beforeAll(async () => {
    lamp = await uploaded('/postdata/media', 'lamp.png', await files.png(30, 20, '#a00'));
    dawn = await uploaded('/postdata/media', 'dawn.png', await files.png(30, 20, '#0a0'));
    hymn = await uploaded('/postdata/mediaAudio', 'hymn.wav', files.wav(1));
    await caughtUp(api);
  });

  it('lists uploads by kind, newest first, with their facts; one by its hash', async () => {
    const images = await admin.client.get(`/admin-api/media${listQuery({ filter: { kind: 'image' }, range: [0, 9] })}`);
    expect(images.headers['content-range']).toBe('media 0-1/2');
    expect(images.json<AdminMediaAnswer[]>().map((m) => [m.id, m.originalName, m.kind, m.width, m.useCount])).toEqual([
      [dawn, 'dawn.png', 'image', 30, 0],
      [lamp, 'lamp.png', 'image', 30, 0],
    ]);
    const audio = (await admin.client.get(`/admin-api/media${listQuery({ filter: { kind: 'audio' } })}`)).json<AdminMediaAnswer[]>();
    expect(audio.map((m) => [m.id, m.mime, m.durationSeconds, m.url])).toEqual([[hymn, 'audio/wav', 1, `/media/files/${hymn}.wav`]]);
    expect((await admin.client.get(`/admin-api/media${listQuery({ filter: { q: 'LAMP' } })}`)).json<AdminMediaAnswer[]>().map((m) => m.id)).toEqual([lamp]);
    expect((await admin.client.get(`/admin-api/media/${lamp}`)).json<AdminMediaAnswer>()).toMatchObject({
      id: lamp,
      originalName: 'lamp.png',
      uploader: admin.userId,
    });
    expect((await admin.client.get(`/admin-api/media${listQuery({ filter: { kind: 'video' } })}`)).statusCode).toBe(400);
    expect((await admin.client.get(`/admin-api/media/${'0'.repeat(64)}`)).statusCode).toBe(404);
    expect((await reader.client.get('/admin-api/media')).statusCode).toBe(403);
  });

  it('attaches to a sentence by its number as a kind, shows where, detaches, and keeps every change in the sentence history', async () => {
    const attached = await admin.client.post(`/admin-api/media/${lamp}/attach`, { sentence: 3, kind: 'painting', title: 'The lamp' });
    expect(attached.statusCode).toBe(200);
    expect(attached.json<AdminMediaAnswer>().uses).toEqual([
      { place: 'sentence', sentenceId: await sentenceIdOf(3), sentence: 3, book: null, canto: null, kind: 'painting', position: expect.any(Number) },
    ]);
    const paintings = (await sentence(3, attached)).media.painting ?? [];
    expect(paintings.at(-1)).toEqual({ url: `/media/files/${lamp}.png`, thumbUrl: `/media/thumbs/${lamp}.png`, title: 'The lamp', media: lamp });

    const line = await reader.client.get('/api/lineinfo/3', after(attached));
    expect(JSON.stringify(line.json())).toContain(`/media/files/${lamp}.png`);

    // Attaching twice keeps one.
    const again = await admin.client.post(`/admin-api/media/${lamp}/attach`, { sentence: 3, kind: 'painting' });
    expect((await sentence(3, again)).media.painting?.filter((p) => p.media === lamp)).toHaveLength(1);

    const detached = await admin.client.post(`/admin-api/media/${lamp}/detach`, { sentence: 3, kind: 'painting' });
    expect(detached.json<AdminMediaAnswer>().uses).toEqual([]);
    expect((await sentence(3, detached)).media.painting ?? []).toEqual(paintings.slice(0, -1));
    expect((await admin.client.post(`/admin-api/media/${lamp}/detach`, { sentence: 3, kind: 'painting' })).statusCode).toBe(404);
  });

  it('replaces one upload by another in the same place', async () => {
    await admin.client.post(`/admin-api/media/${lamp}/attach`, { sentence: 4, kind: 'sketch', title: 'First' });
    await admin.client.post(`/admin-api/media/${hymn}/attach`, { sentence: 4, kind: 'audio' });
    const replaced = await admin.client.post(`/admin-api/media/${lamp}/replace`, { sentence: 4, kind: 'sketch', with: dawn });
    expect(replaced.json<AdminMediaAnswer>()).toMatchObject({ id: dawn, uses: [{ sentence: 4, kind: 'sketch' }] });
    const sketches = (await sentence(4, replaced)).media.sketch ?? [];
    expect(sketches.map((s) => [s.media, s.title])).toEqual([[dawn, 'First']]);
    expect((await admin.client.get(`/admin-api/media/${lamp}`, after(replaced))).json<AdminMediaAnswer>().useCount).toBe(0);
  });

  it('refuses a kind the file cannot be, a sentence that does not exist, and non-admins', async () => {
    const wrongKind = await admin.client.post(`/admin-api/media/${lamp}/attach`, { sentence: 3, kind: 'audio' });
    expect([wrongKind.statusCode, wrongKind.json().fields?.[0]?.field]).toEqual([400, 'kind']);
    expect((await admin.client.post(`/admin-api/media/${hymn}/attach`, { sentence: 3, kind: 'painting' })).statusCode).toBe(400);
    const noSentence = await admin.client.post(`/admin-api/media/${lamp}/attach`, { sentence: 999999, kind: 'painting' });
    expect([noSentence.statusCode, noSentence.json().message]).toEqual([404, 'There is no sentence 999999']);
    const noNumber = await admin.client.post(`/admin-api/media/${lamp}/attach`, { kind: 'painting' });
    expect([noNumber.statusCode, noNumber.json().message]).toContain(400);
    expect((await admin.client.post(`/admin-api/media/${'0'.repeat(64)}/attach`, { sentence: 3, kind: 'painting' })).statusCode).toBe(404);
    expect((await reader.client.post(`/admin-api/media/${lamp}/attach`, { sentence: 3, kind: 'painting' })).statusCode).toBe(403);
  });

  it('removes only an upload shown nowhere; its history is the media stream', async () => {
    const inUse = await admin.client.send('DELETE', `/admin-api/media/${hymn}`);
    expect(inUse.statusCode).toBe(409);
    const removed = await admin.client.send('DELETE', `/admin-api/media/${lamp}`);
    expect(removed.statusCode).toBe(200);
    expect((await admin.client.get(`/admin-api/media/${lamp}`, after(removed))).statusCode).toBe(404);
    const history = (await admin.client.get(`/admin-api/history?streamId=${mediaStream(lamp)}`)).json<{ type: string }[]>();
    expect(history.map((h) => h.type)).toEqual(['MediaRemoved', 'MediaUploaded']);
  });
});
