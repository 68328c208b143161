import { sql, type Kysely } from 'kysely';
import type { ActivityReadModel } from './read-model.js';

export async function setupActivity(db: Kysely<ActivityReadModel>): Promise<void> {
  await db.schema
    .createTable('activity')
    .addColumn('activity_id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('post_id', 'uuid')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create index activity_newest on activity (at desc, activity_id desc) where not hidden`.execute(db);
  await db.schema.createIndex('activity_by_subject').on('activity').column('subject').execute();
  await db.schema.createIndex('activity_by_post').on('activity').column('post_id').execute();
  await db.schema.createIndex('activity_by_user').on('activity').column('user_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'uuid')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('notifications_pk', ['user_id', 'position'])
    .execute();
  await sql`create index notifications_unread on notifications (user_id, position) where not read`.execute(db);
  await db.schema.createIndex('notifications_by_position').on('notifications').column('position').execute();
  await db.schema.createIndex('notifications_by_actor').on('notifications').column('actor_id').execute();

  await db.schema
    .createTable('posts')
    .addColumn('post_id', 'uuid', (c) => c.primaryKey())
    .addColumn('blog_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author_id', 'uuid', (c) => c.notNull())
    .addColumn('published', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('comments')
    .addColumn('comment_id', 'uuid', (c) => c.primaryKey())
    .addColumn('post_id', 'uuid', (c) => c.notNull())
    .addColumn('author_id', 'uuid', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('follows')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('blog_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['blog_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('noted')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('note_id', 'text', (c) => c.notNull())
    .addColumn('sentence_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('noted_pk', ['user_id', 'note_id'])
    .execute();
  await db.schema.createIndex('noted_by_sentence').on('noted').column('sentence_id').execute();
  await db.schema
    .createTable('pages')
    .addColumn('page_id', 'uuid', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('book_authors')
    .addColumn('author_id', 'uuid', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('books')
    .addColumn('book_id', 'uuid', (c) => c.primaryKey())
    .addColumn('author_id', 'uuid', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('texted')
    .addColumn('sentence_id', 'integer', (c) => c.notNull())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('texted_pk', ['sentence_id', 'edition'])
    .execute();
}
