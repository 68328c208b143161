import { describe, expect, it } from 'vitest';
import type { NewEvent, Projection } from '@epos/platform';
import { pageStream, type PageContent } from '@epos/schemas';
import { libraryProjection, type LibraryReadModel } from './library-projection.js';
import { useProjectionUnderTest } from '../testkit/projection-under-test.js';
import { childPages, menuPages, pageAtPath } from './queries.js';

const projection = useProjectionUnderTest<LibraryReadModel>(libraryProjection as Projection);
const append = (pageId: string, events: NewEvent[]) => projection.append(pageStream(pageId), events);

const about = '11111111-1111-4111-8111-111111111111';
const poet = '22222222-2222-4222-8222-222222222222';
const news = '33333333-3333-4333-8333-333333333333';
const menu: PageContent = {
  name: 'About',
  permalink: 'about',
  category: 'Main menu',
  parent: null,
  priority: 2,
  markdown: 'Read **||12||** <script>alert(1)</script>',
};
const child: PageContent = { name: 'The poet', permalink: 'the-poet', category: 'Non-Menu', parent: about, priority: null, markdown: 'A life.' };

describe('library pages', () => {
  it('keeps a page by its path with sanitised HTML, its menus in priority order and its children', async () => {
    await append(news, [{ type: 'PageCreated', data: { pageId: news, path: '/news', content: { ...menu, name: 'News', permalink: 'news', priority: 1 } } }]);
    await append(poet, [{ type: 'PageCreated', data: { pageId: poet, path: '/about/the-poet', content: child } }]);
    const db = await append(about, [{ type: 'PageCreated', data: { pageId: about, path: '/about', content: menu } }]);
    const found = await pageAtPath(db, '/about');
    expect(found && 'page' in found ? [found.page.name, found.page.revision] : found).toEqual(['About', 1]);
    const html = found && 'page' in found ? found.page.html : '';
    expect(html).toContain('<a class="sentence-link" href="/12">12</a>');
    expect(html).not.toContain('<script');
    expect((await menuPages(db, 'Main menu')).map((p) => p.path)).toEqual(['/news', '/about']);
    expect((await childPages(db, about)).map((p) => p.name)).toEqual(['The poet']);
    expect(await pageAtPath(db, '/nowhere')).toBeNull();
  });

  it('revises, moves with a redirect from the old path, comes back, and deletes with its redirects', async () => {
    let db = await append(about, [{ type: 'PageRevised', data: { pageId: about, content: { ...menu, markdown: 'New words.' } } }]);
    const revised = await pageAtPath(db, '/about');
    expect(revised && 'page' in revised ? [revised.page.revision, revised.page.html] : revised).toEqual([2, '<p>New words.</p>\n']);
    db = await append(about, [{ type: 'PageMoved', data: { pageId: about, from: '/about', to: '/the-poem' } }]);
    expect(await pageAtPath(db, '/about')).toEqual({ redirect: '/the-poem' });
    db = await append(about, [{ type: 'PageMoved', data: { pageId: about, from: '/the-poem', to: '/about' } }]);
    expect(await pageAtPath(db, '/the-poem')).toEqual({ redirect: '/about' });
    expect(await pageAtPath(db, '/about')).toMatchObject({ page: { page_id: about } });
    db = await append(about, [{ type: 'PageDeleted', data: { pageId: about } }]);
    expect([await pageAtPath(db, '/about'), await pageAtPath(db, '/the-poem')]).toEqual([null, null]);
  });
});
