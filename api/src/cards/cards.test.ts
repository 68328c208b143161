/**
 * Share cards through the API, drawn by the real job workers in real Chromium and stored in the
 * media store: a page's head names its card, the card is drawn once (then served from storage), in
 * the translation the address names, and an address with no page has none.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardStream, type SentenceIdentityAnswer } from '@epos/schemas';
import { shareCardId } from '@epos/platform/cards/card-id';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { startTestApiWithMail, type MailTestApi } from '../testkit/mail-api.js';
import { TestClient } from '../testkit/client.js';
import { askForCard } from '../testkit/cards.js';
import { caughtUp } from '../testkit/people.js';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';
import { PageHeads } from '../page-heads/page-heads.js';
import { libraryDemoSeeder } from '../library/demo-seed.js';

let env: MailTestApi;
const api = () => env.api;
let serial = 0;
/** Each test from an address of its own: cards not made yet are limited per address. */
const client = () => new TestClient(api().app, `198.51.100.${10 + serial++}`);

beforeAll(async () => {
  env = await startTestApiWithMail({ serveUi: true });
  await importPoem(
    { store: api().deps.store, progress: api().deps.progress, readModel: () => api().deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) },
    { fileName: 'poem.json', content: fs.readFileSync(DEMO_POEM_FILE, 'utf8'), cause: { actor: 'importer' } },
  );
  const { config, store, database, logger } = api().deps;
  await libraryDemoSeeder.seed({ config, store, database, logger });
  await caughtUp(api());
}, 300_000);
afterAll(async () => env?.close());

async function png(location: string) {
  const file = await client().get(location);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('image/png');
  return { bytes: file.rawPayload, meta: await sharp(file.rawPayload).metadata() };
}

describe('GET /card/{page}', () => {
  it("is named by the page's head as its large Open Graph and Twitter image, with the translation the address names", async () => {
    const heads = new PageHeads(api().app, api().deps);
    const page = (await heads.page('/1/1/1', '<html><head><title>Epos</title></head><body><div id="root"></div></body></html>', '?lang=hi'))!.body.toString();
    expect(page).toContain('<meta property="og:image" content="https://epos.test/card/1/1/1?lang=hi" />');
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(page).not.toContain('content="summary"');
    await heads.close();
  });

  it("draws a sentence's card once, 1,200 × 630, stored and served from the media store; asked again, redirects at once", async () => {
    const id = (await client().get('/api/s/1')).json<SentenceIdentityAnswer>().id;
    const first = await askForCard(client(), `/card/s/${id}?lang=hi`);
    expect(first.statusCode).toBe(302);
    const location = first.headers.location as string;
    expect(location).toMatch(/^\/media\/files\/[0-9a-f]{64}\.png$/);
    const { meta } = await png(location);
    expect([meta.width, meta.height]).toEqual([1200, 630]);

    const before = await api().deps.store.headPosition();
    const again = await client().get(`/card/s/${id}?lang=hi`);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(location);
    expect(await api().deps.store.headPosition()).toBe(before);

    // Without the translation it is another card; with it, the card's content names the Hindi text.
    const plain = await askForCard(client(), `/card/s/${id}`);
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).not.toBe(location);
    const heads = new PageHeads(api().app, api().deps);
    const content = (await heads.card(`/s/${id}`, '?lang=hi'))!;
    await heads.close();
    expect(content.below).toMatchObject({ lang: 'hi', role: 'translation' });
    expect(content.below!.text).toMatch(/\p{Script=Devanagari}/u);
    const events = await api().deps.store.readStream(cardStream(shareCardId(content)));
    expect(events.map((e) => e.type)).toEqual(['ShareCardRequested', 'ShareCardMade']);
  }, 200_000);

  it("draws a section's card and a library page's from its head; an address with no page has no card and appends nothing", async () => {
    for (const url of ['/card/1/1/1/revised', '/card/guide/reading-a-canto']) {
      const card = await askForCard(client(), url);
      expect(card.statusCode, url).toBe(302);
      expect((await png(card.headers.location as string)).meta.width).toBe(1200);
    }
    const heads = new PageHeads(api().app, api().deps);
    const guide = (await heads.card('/guide/reading-a-canto', ''))!;
    await heads.close();
    expect(guide).toMatchObject({ page: '/guide/reading-a-canto', below: { role: 'description' } });
    expect(guide.main.text).toMatch(/canto/i);
    expect(guide.main.text).not.toContain('\n');
    // The page's heading repeats its name: the description starts after it.
    expect(guide.below!.text).toMatch(/^Read a whole section/);

    const before = await api().deps.store.headPosition();
    for (const url of ['/card/99/1/1', '/card/s/999999', '/card/blogs/nobody/nothing', '/card/admin/whatever']) {
      const response = await client().get(url);
      expect(response.statusCode, url).toBe(404);
    }
    expect(await api().deps.store.headPosition()).toBe(before);
  }, 200_000);
});
