import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poemDemoSeeder } from '../poem/demo-seed.js';
import { TestClient } from '../testkit/client.js';
import { caughtUp } from '../testkit/people.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { libraryDemoSeeder } from './demo-seed.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await poemDemoSeeder.seed(api.deps);
  await libraryDemoSeeder.seed(api.deps);
  await caughtUp(api);
}, 300_000);
afterAll(async () => api?.close());

const get = async <T>(url: string) => {
  const answer = await new TestClient(api.app).get(url);
  expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
  return answer.json<T>();
};
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe("the demo's /about page", () => {
  it('states facts that are true of the demo poem as the site reads it', async () => {
    const about = text((await get<{ content: string }>('/api/about')).content);
    const shape = /has (\d+) books?, (\d+) cantos?, (\d+) sections? and (\d+) numbered sentences?/.exec(about);
    expect(shape, about).not.toBeNull();
    const [books, cantos, sections, sentences] = shape!.slice(1).map(Number) as [number, number, number, number];

    const contents = await get<{ books: { book: number; cantoCount: number }[] }>('/api/contents');
    expect(contents.books).toHaveLength(books);
    expect(contents.books.reduce((sum, book) => sum + book.cantoCount, 0)).toBe(cantos);
    let sectionCount = 0;
    for (const book of contents.books) {
      const detail = await get<{ books: { cantos: { sections: unknown[] }[] }[] }>(`/api/contents/${book.book}`);
      sectionCount += detail.books[0]!.cantos.reduce((sum, canto) => sum + canto.sections.length, 0);
    }
    expect(sectionCount).toBe(sections);

    const numbers = /(\d+) opens the poem, (\d+) closes its first section and (\d+) ends it/.exec(about);
    expect(numbers, about).not.toBeNull();
    const [first, firstSectionEnd, last] = numbers!.slice(1).map(Number) as [number, number, number];
    const firstSection = await get<{ customSection: { customSection: { lineNumber: number }[] }[] }>('/api/sbook/1/1/1');
    const inFirstSection = firstSection.customSection[0]!.customSection.map((line) => line.lineNumber);
    expect([inFirstSection[0], inFirstSection.at(-1)]).toEqual([first, firstSectionEnd]);
    expect(last).toBe(sentences);
    expect((await new TestClient(api.app).get(`/api/linenumber/${last}`)).statusCode).toBe(200);
    expect((await new TestClient(api.app).get(`/api/linenumber/${last + 1}`)).statusCode).toBe(404);
    expect(about).not.toMatch(/twelve books/i);
  });
});
