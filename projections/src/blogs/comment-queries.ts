import { sql } from 'kysely';
import type { BlogsDb } from './queries.js';
import { containing } from '@epos/platform/db/like';

const MENTIONS = 5;

/** Comments in the thread widget's model, for the viewer (their upvotes, their own comments). */
export async function widgetComments(db: BlogsDb, postId: string, viewerId: string | null, commentId?: string) {
  let query = db
    .selectFrom('comments')
    .leftJoin('authors', 'authors.user_id', 'comments.author_id')
    .selectAll('comments')
    .select([sql<string>`coalesce(authors.name, 'unknown')`.as('fullname'), sql<boolean>`coalesce(authors.role = 'admin', false)`.as('is_admin')])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('comment_upvotes as u')
            .select('u.user_id')
            .whereRef('u.comment_id', '=', 'comments.comment_id')
            .where('u.user_id', '=', viewerId ?? '00000000-0000-0000-0000-000000000000'),
        )
        .as('has_upvoted'),
    )
    .where('comments.post_id', '=', postId)
    .where('comments.concealed', '=', false)
    .orderBy('comments.created_at');
  if (commentId) query = query.where('comments.comment_id', '=', commentId);
  const rows = await query.execute();
  const pinged = [...new Set(rows.flatMap((r) => r.pings))];
  const names = new Map(
    pinged.length ? (await db.selectFrom('authors').select(['user_id', 'name']).where('user_id', 'in', pinged).execute()).map((a) => [a.user_id, a.name]) : [],
  );
  return rows.map((r) => ({
    id: r.comment_id,
    parent: r.parent_id,
    created: new Date(r.created_at).toISOString(),
    modified: new Date(r.modified_at).toISOString(),
    content: r.content,
    content_html: r.html,
    file: null,
    file_url: null,
    file_mime_type: null,
    pings: Object.fromEntries(r.pings.map((id) => [id, names.get(id) ?? 'unknown'])),
    creator: r.author_id,
    fullname: r.fullname,
    profile_url: `/user/${r.author_id}`,
    profile_picture_url: null,
    created_by_admin: r.is_admin,
    created_by_current_user: viewerId === r.author_id,
    upvote_count: r.upvote_count,
    user_has_upvoted: Boolean(r.has_upvoted),
  }));
}

/** Up to 5 people to mention on a post: its author and its commenters whose name contains `q`. */
export function mentionCandidates(db: BlogsDb, post: { post_id: string; author_id: string }, q: string) {
  return db
    .selectFrom('authors')
    .select(['user_id', 'name'])
    .where('deleted', '=', false)
    .where((eb) =>
      eb.or([eb('user_id', '=', post.author_id), eb('user_id', 'in', eb.selectFrom('comments').select('author_id').where('post_id', '=', post.post_id))]),
    )
    .where('name', 'ilike', containing(q))
    .orderBy('name')
    .limit(MENTIONS)
    .execute();
}
