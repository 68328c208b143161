import { describe, expect, it } from 'vitest';
import { libraryPathProblem, type PageContent, type PageEvent } from '@epos/schemas';
import { deciderSpec } from '../testkit/decider-spec.js';
import { pageDecider, pageMessages, type PageCommand } from './page-decider.js';

const pageId = '11111111-1111-4111-8111-111111111111';
const parentId = '22222222-2222-4222-8222-222222222222';
const menu: PageContent = {
  name: 'About the poem',
  permalink: 'about-the-poem',
  category: 'Main menu',
  parent: null,
  priority: 1,
  markdown: '# About\n\nThe poem in ||1||.',
};
const child: PageContent = { name: 'The poet', permalink: 'the-poet', category: 'Non-Menu', parent: parentId, priority: null, markdown: 'A life.' };
const created: PageEvent = { type: 'PageCreated', data: { pageId, path: '/about', content: menu } };
const spec = deciderSpec(pageDecider);
const create = (path: string, content: PageContent = menu, pathFree = true) => spec.when({ kind: 'create', pageId, path, pathFree, content });
const update = (events: PageEvent[], fields: Partial<Extract<PageCommand, { kind: 'update' }>>) =>
  spec.given(events).when({ kind: 'update', path: '/about', pathFree: false, content: menu, ...fields });

describe('library paths', () => {
  it("refuses the site's own paths, numbers and malformed paths, naming the url", () => {
    for (const path of ['/blogs', '/blogs/mine', '/books', '/search', '/admin', '/api/x', '/postdata', '/login', '/s', '/my/notes', '/compare'])
      expect(libraryPathProblem(path), path).toMatch(/^url: \/[a-z]+ belongs to the site/);
    expect(libraryPathProblem('/12')).toMatch(/begins with a number/);
    expect(libraryPathProblem('/1/2/3')).toMatch(/begins with a number/);
    for (const path of ['about', '/About', '/about/', '/a//b', '/a b', '/a/b/c/d/e/f', '/-x', '/x--y', '/über', `/${'a'.repeat(201)}`])
      expect(libraryPathProblem(path), path).toMatch(/^url: /);
    for (const path of ['/about', '/about/the-poet', '/a1/b2/c3/d4/e5', '/blogsite', '/searching']) expect(libraryPathProblem(path), path).toBeNull();
  });
});

describe('page decider', () => {
  it('creates a page at a free path of its own', () => {
    create('/about').then([created]);
    create('/blogs').thenRefuses('invalid', /belongs to the site/);
    create('/about', menu, false).thenRefuses('conflict', pageMessages.pathTaken('/about'));
  });

  it('keeps menu pages with a priority and no parent, and Non-Menu pages without a priority', () => {
    create('/about', { ...menu, priority: null }).thenRefuses('invalid', pageMessages.priorityForMenu);
    create('/about', { ...menu, parent: parentId }).thenRefuses('invalid', pageMessages.parentOnlyNonMenu);
    create('/poet', { ...child, priority: 2 }).thenRefuses('invalid', pageMessages.priorityOnlyMenu);
    create('/poet', { ...child, parent: pageId }).thenRefuses('invalid', pageMessages.ownParent);
    expect(
      create('/poet', child)
        .events()
        .map((e) => e.type),
    ).toEqual(['PageCreated']);
    expect(
      create('/poet', { ...child, parent: null })
        .events()
        .map((e) => e.type),
    ).toEqual(['PageCreated']);
  });

  it('revises on each changed save, refuses a stale one, and writes nothing for an unchanged one', () => {
    update([created], {}).thenNothing();
    const revised = update([created], { content: { ...menu, markdown: 'New text.' }, expectedRevision: 1 }).events();
    expect(revised).toEqual([{ type: 'PageRevised', data: { pageId, content: { ...menu, markdown: 'New text.' } } }]);
    update([created, ...revised], { content: menu, expectedRevision: 1 }).thenRefuses('conflict', pageMessages.stale);
  });

  it('moves to a free path, keeping the old one as its own to come back to', () => {
    const moved = update([created], { path: '/the-poem', pathFree: true }).events();
    expect(moved).toEqual([{ type: 'PageMoved', data: { pageId, from: '/about', to: '/the-poem' } }]);
    expect(spec.given([created, ...moved]).state()).toMatchObject({ path: '/the-poem', formerPaths: ['/about'] });
    update([created], { path: '/taken', pathFree: false }).thenRefuses('conflict', pageMessages.pathTaken('/taken'));
    update([created], { path: '/api/x', pathFree: true }).thenRefuses('invalid', /belongs to the site/);
    const back = update([created, ...moved], { path: '/about', pathFree: false }).events();
    expect(back).toEqual([{ type: 'PageMoved', data: { pageId, from: '/the-poem', to: '/about' } }]);
    expect(spec.given([created, ...moved, ...back]).state()).toMatchObject({ path: '/about', formerPaths: ['/the-poem'] });
  });

  it('restores an earlier revision as a new one, and deletes; a deleted page takes no writes', () => {
    const revised: PageEvent = { type: 'PageRevised', data: { pageId, content: { ...menu, name: 'About' } } };
    spec
      .given([created, revised])
      .when({ kind: 'restore', revision: 1 })
      .then([{ type: 'PageRevised', data: { pageId, content: menu, restoredFrom: 1 } }]);
    spec.given([created, revised]).when({ kind: 'restore', revision: 2 }).thenNothing();
    spec.given([created]).when({ kind: 'restore', revision: 5 }).thenRefuses('invalid', pageMessages.noRevision(5));
    const deleted: PageEvent = { type: 'PageDeleted', data: { pageId } };
    spec.given([created]).when({ kind: 'delete' }).then([deleted]);
    spec.given([created, deleted]).when({ kind: 'delete' }).thenRefuses('not_found', pageMessages.notFound);
    spec.when({ kind: 'restore', revision: 1 }).thenRefuses('not_found', pageMessages.notFound);
  });
});
