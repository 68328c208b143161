import type { Kysely } from 'kysely';
import { announceChange, defineProjection, type Projection } from '@epos/platform';
import { renderMarkdown } from '@epos/platform/markdown/index';
import { pageCreated, pageDeleted, pageMoved, pageRevised, type PageCategory, type PageContent } from '@epos/schemas';

export const LIBRARY_PROJECTION = 'library';
/** Announced (on commit) after each batch that changed a page, so the API drops its cached answers. */
export const LIBRARY_CHANGED_CHANNEL = 'epos_library_changed';

export interface LibraryReadModel {
  /** Each page as its last revision has it, its HTML rendered (and sanitised) once, here. */
  pages: {
    page_id: string;
    path: string;
    name: string;
    permalink: string;
    category: PageCategory;
    parent_id: string | null;
    priority: number | null;
    markdown: string;
    html: string;
    revision: number;
    created_at: string;
    updated_at: string;
  };
  /** Paths a page was moved from: each answers with a redirect to the page's path now. */
  page_redirects: { path: string; page_id: string };
}

const contentColumns = (content: PageContent) => ({
  name: content.name,
  permalink: content.permalink,
  category: content.category,
  parent_id: content.parent,
  priority: content.priority,
  markdown: content.markdown,
  html: renderMarkdown(content.markdown),
});

const handlers = defineProjection({
  name: LIBRARY_PROJECTION,
  version: 1,
  events: [pageCreated, pageRevised, pageMoved, pageDeleted],
  async setup(db: Kysely<LibraryReadModel>) {
    await db.schema
      .createTable('pages')
      .addColumn('page_id', 'uuid', (c) => c.primaryKey())
      .addColumn('path', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('permalink', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'uuid')
      .addColumn('priority', 'integer')
      .addColumn('markdown', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pages_by_category').on('pages').columns(['category', 'priority', 'name']).execute();
    await db.schema.createIndex('pages_by_parent').on('pages').column('parent_id').execute();
    await db.schema
      .createTable('page_redirects')
      .addColumn('path', 'text', (c) => c.primaryKey())
      .addColumn('page_id', 'uuid', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('page_redirects_by_page').on('page_redirects').column('page_id').execute();
  },
  handlers: {
    async PageCreated(event, db) {
      const { pageId, path, content } = event.data;
      const at = event.metadata.timestamp;
      await db
        .insertInto('pages')
        .values({ page_id: pageId, path, ...contentColumns(content), revision: 1, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('page_id').doNothing())
        .execute();
    },
    async PageRevised(event, db) {
      await db
        .updateTable('pages')
        .set((eb) => ({ ...contentColumns(event.data.content), revision: eb('revision', '+', 1), updated_at: event.metadata.timestamp }))
        .where('page_id', '=', event.data.pageId)
        .execute();
    },
    async PageMoved(event, db) {
      const { pageId, from, to } = event.data;
      // A page coming back to a path it left takes it over from its redirect.
      await db.deleteFrom('page_redirects').where('path', '=', to).execute();
      await db.updateTable('pages').set({ path: to, updated_at: event.metadata.timestamp }).where('page_id', '=', pageId).execute();
      await db
        .insertInto('page_redirects')
        .values({ path: from, page_id: pageId })
        .onConflict((oc) => oc.column('path').doUpdateSet({ page_id: pageId }))
        .execute();
    },
    async PageDeleted(event, db) {
      await db.deleteFrom('page_redirects').where('page_id', '=', event.data.pageId).execute();
      await db.deleteFrom('pages').where('page_id', '=', event.data.pageId).execute();
    },
  },
});

/** The library's pages by path, with the paths they left, for the reader and the editor. */
export const libraryProjection: Projection<LibraryReadModel> = {
  ...handlers,
  async apply(events, db, version) {
    await handlers.apply(events, db, version);
    // Menus, breadcrumbs and child lists show other pages' names: any change drops every answer.
    await announceChange(db, LIBRARY_CHANGED_CHANNEL, events.at(-1)!.position);
  },
};
