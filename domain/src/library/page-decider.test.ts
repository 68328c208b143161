import { describe, expect, it } from 'vitest';
import { libraryPathProblem, type PageContent, type PageEvent } from '@epos/schemas';
import { pageDecider, pageMessages, type PageCommand } from './page-decider.js';

const pageId = '11111111-1111-4111-8111-111111111111';
const parentId = '22222222-2222-4222-8222-222222222222';
const menu: PageContent = { name: 'About the poem', permalink: 'about-the-poem', category: 'Main menu', parent: null, priority: 1, markdown: '# About\n\nThe poem in ||1||.' };
const child: PageContent = { name: 'The poet', permalink: 'the-poet', category: 'Non-Menu', parent: parentId, priority: null, markdown: 'A life.' };
const created: PageEvent = { type: 'PageCreated', data: { pageId, path: '/about', content: menu } };
const given = (events: PageEvent[]) => events.reduce(pageDecider.evolve, pageDecider.initialState);
const when = (events: PageEvent[], command: PageCommand) => pageDecider.decide(command, given(events));
const create = (path: string, content: PageContent = menu, pathFree = true) => when([], { kind: 'create', pageId, path, pathFree, content });
const update = (events: PageEvent[], fields: Partial<Extract<PageCommand, { kind: 'update' }>>) =>
  when(events, { kind: 'update', path: '/about', pathFree: false, content: menu, ...fields });

describe('library paths', () => {
  it("refuses the site's own paths, numbers and malformed paths, naming the url", () => {
    for (const path of ['/blogs', '/blogs/mine', '/books', '/search', '/admin', '/api/x', '/postdata', '/login', '/s', '/my/notes', '/compare'])
      expect(libraryPathProblem(path), path).toMatch(/^url: \/[a-z]+ belongs to the site/);
    expect(libraryPathProblem('/12')).toMatch(/begins with a number/);
    expect(libraryPathProblem('/1/2/3')).toMatch(/begins with a number/);
    for (const path of ['about', '/About', '/about/', '/a//b', '/a b', '/a/b/c/d/e/f', '/-x', '/x--y', '/über', `/${'a'.repeat(201)}`]) expect(libraryPathProblem(path), path).toMatch(/^url: /);
    for (const path of ['/about', '/about/the-poet', '/a1/b2/c3/d4/e5', '/blogsite', '/searching']) expect(libraryPathProblem(path), path).toBeNull();
  });
});

describe('page decider', () => {
  it('creates a page at a free path of its own', () => {
    expect(create('/about')).toEqual([created]);
    expect(() => create('/blogs')).toThrow(/belongs to the site/);
    expect(() => create('/about', menu, false)).toThrow(pageMessages.pathTaken('/about'));
  });

  it('keeps menu pages with a priority and no parent, and Non-Menu pages without a priority', () => {
    expect(() => create('/about', { ...menu, priority: null })).toThrow(pageMessages.priorityForMenu);
    expect(() => create('/about', { ...menu, parent: parentId })).toThrow(pageMessages.parentOnlyNonMenu);
    expect(() => create('/poet', { ...child, priority: 2 })).toThrow(pageMessages.priorityOnlyMenu);
    expect(() => create('/poet', { ...child, parent: pageId })).toThrow(pageMessages.ownParent);
    expect(create('/poet', child).map((e) => e.type)).toEqual(['PageCreated']);
    expect(create('/poet', { ...child, parent: null }).map((e) => e.type)).toEqual(['PageCreated']);
  });

  it('revises on each changed save, refuses a stale one, and writes nothing for an unchanged one', () => {
    expect(update([created], {})).toEqual([]);
    const revised = update([created], { content: { ...menu, markdown: 'New text.' }, expectedRevision: 1 });
    expect(revised).toEqual([{ type: 'PageRevised', data: { pageId, content: { ...menu, markdown: 'New text.' } } }]);
    expect(() => update([created, ...revised], { content: menu, expectedRevision: 1 })).toThrow(pageMessages.stale);
  });

  it('moves to a free path, keeping the old one as its own to come back to', () => {
    const moved = update([created], { path: '/the-poem', pathFree: true });
    expect(moved).toEqual([{ type: 'PageMoved', data: { pageId, from: '/about', to: '/the-poem' } }]);
    expect(given([created, ...moved])).toMatchObject({ path: '/the-poem', formerPaths: ['/about'] });
    expect(() => update([created], { path: '/taken', pathFree: false })).toThrow(pageMessages.pathTaken('/taken'));
    expect(() => update([created], { path: '/api/x', pathFree: true })).toThrow(/belongs to the site/);
    const back = update([created, ...moved], { path: '/about', pathFree: false });
    expect(back).toEqual([{ type: 'PageMoved', data: { pageId, from: '/the-poem', to: '/about' } }]);
    expect(given([created, ...moved, ...back])).toMatchObject({ path: '/about', formerPaths: ['/the-poem'] });
  });

  it('restores an earlier revision as a new one, and deletes; a deleted page takes no writes', () => {
    const revised: PageEvent = { type: 'PageRevised', data: { pageId, content: { ...menu, name: 'About' } } };
    expect(when([created, revised], { kind: 'restore', revision: 1 })).toEqual([{ type: 'PageRevised', data: { pageId, content: menu, restoredFrom: 1 } }]);
    expect(when([created, revised], { kind: 'restore', revision: 2 })).toEqual([]);
    expect(() => when([created], { kind: 'restore', revision: 5 })).toThrow(pageMessages.noRevision(5));
    const deleted: PageEvent = { type: 'PageDeleted', data: { pageId } };
    expect(when([created], { kind: 'delete' })).toEqual([deleted]);
    expect(() => when([created, deleted], { kind: 'delete' })).toThrow(pageMessages.notFound);
    expect(() => when([], { kind: 'restore', revision: 1 })).toThrow(pageMessages.notFound);
  });
});
