import { sql, type Kysely } from 'kysely';
import type { LibraryReadModel } from './library-projection.js';

export type LibraryDb = Kysely<LibraryReadModel>;
type Db = LibraryDb;
export type LibraryPage = LibraryReadModel['pages'];

/** What a library path answers: its page, a redirect to where the page moved, or nothing. */
export type PathAnswer = { page: LibraryPage } | { redirect: string } | null;

export async function pageAtPath(db: Db, path: string): Promise<PathAnswer> {
  const page = await db.selectFrom('pages').selectAll().where('path', '=', path).executeTakeFirst();
  if (page) return { page };
  const moved = await db
    .selectFrom('page_redirects as r')
    .innerJoin('pages as p', 'p.page_id', 'r.page_id')
    .select('p.path')
    .where('r.path', '=', path)
    .executeTakeFirst();
  return moved ? { redirect: moved.path } : null;
}

/** The pages of one menu, in the order the navigation shows them. */
export function menuPages(db: Db, category: 'Main menu' | 'Footer'): Promise<Pick<LibraryPage, 'page_id' | 'path' | 'name' | 'priority'>[]> {
  return db
    .selectFrom('pages')
    .select(['page_id', 'path', 'name', 'priority'])
    .where('category', '=', category)
    .orderBy('priority')
    .orderBy('name')
    .orderBy('page_id')
    .execute();
}

/** The pages that hang under `parentId`, by name. */
export function childPages(db: Db, parentId: string): Promise<Pick<LibraryPage, 'page_id' | 'path' | 'name'>[]> {
  return db.selectFrom('pages').select(['page_id', 'path', 'name']).where('parent_id', '=', parentId).orderBy('name').orderBy('page_id').execute();
}

export function pageById(db: Db, pageId: string): Promise<LibraryPage | undefined> {
  return db.selectFrom('pages').selectAll().where('page_id', '=', pageId).executeTakeFirst();
}

/** Deeper chains than this are not shown (paths have at most five parts; parents are not paths). */
const MAX_ANCESTORS = 20;

/** A page's ancestors from the top down; a chain that loops back stops where it would repeat. */
export async function ancestorsOf(db: Db, pageId: string): Promise<Pick<LibraryPage, 'page_id' | 'path' | 'name'>[]> {
  const rows = await db
    .withRecursive('chain(page_id, path, name, parent_id, depth)', (q) =>
      q
        .selectFrom('pages as p')
        .innerJoin('pages as child', 'child.parent_id', 'p.page_id')
        .select(['p.page_id', 'p.path', 'p.name', 'p.parent_id', sql<number>`1`.as('depth')])
        .where('child.page_id', '=', pageId)
        .unionAll((u) =>
          u
            .selectFrom('pages as p')
            .innerJoin('chain as c', 'c.parent_id', 'p.page_id')
            .select(['p.page_id', 'p.path', 'p.name', 'p.parent_id', sql<number>`c.depth + 1`.as('depth')])
            .where('c.depth', '<', MAX_ANCESTORS),
        ),
    )
    .selectFrom('chain')
    .select(['page_id', 'path', 'name', 'depth'])
    .orderBy('depth', 'desc')
    .execute();
  const seen = new Set<string>([pageId]);
  const chain: Pick<LibraryPage, 'page_id' | 'path' | 'name'>[] = [];
  // Nearest first, so a loop is cut where it comes back.
  for (const row of rows.reverse()) {
    if (seen.has(row.page_id)) break;
    seen.add(row.page_id);
    chain.unshift({ page_id: row.page_id, path: row.path, name: row.name });
  }
  return chain;
}
