import { formatClock as formatClockIn } from '@epos/schemas/dates/formats';
import { isBlankText, sameText, type EditablePost, type PostText } from './post-form-model';

/** The spec's autosave period (section 9). */
export const AUTOSAVE_MS = 10_000;

/** Where the working copy goes: beside the post on the server, or (a new post) this browser's storage. */
export type AutosaveTarget = 'server' | 'device';

export interface AutosaveState {
  readonly target: AutosaveTarget;
  readonly saving: boolean;
  /** The last autosave failed (it is tried again on the next tick). */
  readonly failed: boolean;
  /** When the working copy was last kept (ISO), if it was. */
  readonly savedAt: string | null;
}

/**
 * Whether a tick should save: there is somewhere to save to, nothing is in flight,
 * and the text differs from what was last kept. A blank new post is not kept.
 */
export function shouldAutosave(state: AutosaveState, hasTarget: boolean, current: PostText, lastKept: PostText): boolean {
  if (!hasTarget || state.saving || sameText(current, lastKept)) return false;
  return state.target === 'server' || !isBlankText(current);
}

/** "Saved 12:03:10", "Saving…", "Unsaved changes": the status bar's autosave part. */
export function autosaveLabel(state: AutosaveState, dirty: boolean, formatTime: (iso: string) => string): string {
  if (state.saving) return 'Saving…';
  if (dirty && state.failed) return 'Autosave failed, retrying';
  if (dirty) return 'Unsaved changes';
  if (state.savedAt !== null) return `${state.target === 'device' ? 'Saved on this device' : 'Saved'} ${formatTime(state.savedAt)}`;
  return 'No unsaved changes';
}

/** "12:03:10" in the viewer's locale and time zone (the app's date module). */
export function formatClock(iso: string, locale?: string): string {
  return formatClockIn(iso, locale === undefined ? {} : { locale });
}

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
