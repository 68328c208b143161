import { sql, type Kysely } from 'kysely';
import type { BlogsReadModel } from './read-model.js';

export async function setupBlogsReadModel(db: Kysely<BlogsReadModel>): Promise<void> {
  await db.schema
    .createTable('blogs')
    .addColumn('blog_id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('published_count', 'integer', (c) => c.notNull())
    .addColumn('last_published', 'timestamptz')
    .addColumn('next_number', 'integer', (c) => c.notNull())
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('posts')
    .addColumn('post_id', 'uuid', (c) => c.primaryKey())
    .addColumn('blog_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('author_id', 'uuid', (c) => c.notNull())
    .addColumn('number', 'integer')
    .addColumn('rank', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('series_title', 'text', (c) => c.notNull())
    .addColumn('series_slug', 'text', (c) => c.notNull())
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'timestamptz')
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('comment_count', 'integer', (c) => c.notNull())
    .addColumn('autosave', 'jsonb')
    .addColumn('autosaved_at', 'timestamptz')
    .execute();
  await sql`create index posts_by_blog on posts (blog_id, status, published_at desc, post_id)`.execute(db);
  await sql`create index posts_by_rank on posts (blog_id, rank) where status = 'published'`.execute(db);
  await sql`create index posts_by_series on posts (blog_id, series_slug, status, published_at)`.execute(db);
  await sql`create index posts_by_author on posts (author_id, status, published_at desc)`.execute(db);
  await sql`create index posts_recent on posts (published_at desc) where status = 'published'`.execute(db);
  await db.schema
    .createTable('archive_months')
    .addColumn('blog_id', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('archive_months_pk', ['blog_id', 'year', 'month'])
    .execute();
  await db.schema
    .createTable('deleted_posts')
    .addColumn('post_id', 'uuid', (c) => c.primaryKey())
    .addColumn('blog_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index deleted_posts_recent on deleted_posts (deleted_at desc, post_id)`.execute(db);
  await db.schema
    .createTable('post_revisions')
    .addColumn('post_id', 'uuid', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_revisions_pk', ['post_id', 'revision'])
    .execute();
  await db.schema
    .createTable('authors')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('comments')
    .addColumn('comment_id', 'uuid', (c) => c.primaryKey())
    .addColumn('post_id', 'uuid', (c) => c.notNull())
    .addColumn('parent_id', 'uuid')
    .addColumn('author_id', 'uuid', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('pings', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull())
    .addColumn('upvote_count', 'integer', (c) => c.notNull())
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('concealed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create index comments_by_post on comments (post_id, created_at)`.execute(db);
  // The admin console's lists: the moderation queue newest first, by author, replies; posts by last change.
  await sql`create index comments_recent on comments (created_at nulls first, comment_id)`.execute(db);
  await sql`create index comments_by_author on comments (author_id, created_at nulls first, comment_id)`.execute(db);
  await sql`create index comments_by_parent on comments (parent_id) where parent_id is not null`.execute(db);
  // The console's post list: each sort column walked either way (its order: api/src/admin/lists.ts
  // pageInOrder), with the filtered columns in the index so that a page never reads the wide rows;
  // titles by substring.
  for (const column of ['title', 'blog_id', 'status', 'published_at', 'publish_at', 'created_at', 'updated_at']) {
    await sql`create index ${sql.id(`posts_sorted_by_${column}`)} on posts (${sql.id(column)} nulls first, post_id) include (status, blog_id, author_id)`.execute(
      db,
    );
  }
  await sql`create index posts_title_substring on posts using gin (title public.gin_trgm_ops)`.execute(db);
  await sql`create index comments_content_substring on comments using gin (content public.gin_trgm_ops)`.execute(db);
  await sql`create index comments_by_upvotes on comments (upvote_count nulls first, comment_id)`.execute(db);
  await sql`create index comments_by_modified on comments (modified_at nulls first, comment_id)`.execute(db);
  await db.schema
    .createTable('comment_upvotes')
    .addColumn('comment_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_upvotes_pk', ['comment_id', 'user_id'])
    .execute();
}
