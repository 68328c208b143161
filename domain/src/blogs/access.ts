import type { Role } from '@epos/schemas';

/** Who is asking, as the blog rules need it: their role and the blogs assigned to them. */
export interface BlogActor {
  userId: string;
  role: Role;
  blogs: readonly string[];
}

/** Admins write in every blog; bloggers in the blogs assigned to them. */
export function canWriteIn(actor: BlogActor | null, blogId: string): boolean {
  if (!actor) return false;
  return actor.role === 'admin' || (actor.role === 'blogger' && actor.blogs.includes(blogId));
}

/** Admins edit every post; bloggers their own posts in blogs still assigned to them. */
export function canEditPost(actor: BlogActor | null, post: { blogId: string; authorId: string }): boolean {
  if (!actor) return false;
  return actor.role === 'admin' || (canWriteIn(actor, post.blogId) && post.authorId === actor.userId);
}

/** Only a comment's owner or an admin may edit or delete it. */
export function canChangeComment(actor: Pick<BlogActor, 'userId' | 'role'> | null, comment: { authorId: string }): boolean {
  if (!actor) return false;
  return actor.role === 'admin' || comment.authorId === actor.userId;
}
