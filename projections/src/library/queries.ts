import type { Kysely } from 'kysely';
import type { LibraryReadModel } from './library-projection.js';

type Db = Kysely<LibraryReadModel>;
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
  return db.selectFrom('pages').select(['page_id', 'path', 'name', 'priority']).where('category', '=', category).orderBy('priority').orderBy('name').orderBy('page_id').execute();
}

/** The pages that hang under `parentId`, by name. */
export function childPages(db: Db, parentId: string): Promise<Pick<LibraryPage, 'page_id' | 'path' | 'name'>[]> {
  return db.selectFrom('pages').select(['page_id', 'path', 'name']).where('parent_id', '=', parentId).orderBy('name').orderBy('page_id').execute();
}
