import { sameText, type EditablePost, type PostText } from './post-form-model';

function timeOf(iso: string | null | undefined): number | null {
  if (iso === null || iso === undefined) return null;
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? null : t;
}

/**
 * Whether to offer "Restore autosaved version": the server kept a working copy that
 * differs from the post and is newer than its latest revision (when that time is known).
 */
export function shouldOfferServerAutosave(post: Pick<EditablePost, 'autosave'> & PostText, latestRevisionAt: string | null): boolean {
  const saved = post.autosave;
  if (saved === null || sameText(saved, post)) return false;
  const savedAt = timeOf(saved.at);
  const revisionAt = timeOf(latestRevisionAt);
  // Either time unknown: the copy differs, so offer it.
  if (savedAt === null || revisionAt === null) return true;
  return savedAt > revisionAt;
}
