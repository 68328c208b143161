import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@epos/platform';
import type { ActivityType, NotificationKind } from '@epos/schemas';
import type { ActivityReadModel } from './read-model.js';

type Db = Kysely<ActivityReadModel>;

const EXCERPT_LENGTH = 160;
/** Small edits by one person to one thing within this long make one row, not a flood. */
const RUN_MS = 60 * 60 * 1000;

/** The first `EXCERPT_LENGTH` characters of plain text, on a word boundary, with an ellipsis when cut. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Markdown reduced to a line of text for an excerpt: no markup, links by their words. */
export function plainOfMarkdown(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\|\|(\d+)\|\|/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^[#>\s-]+/gm, '')
    .replace(/[*_`~]/g, '');
}

/** The person behind an event: a user's id, or null for a tool ("system", "importer"). */
export function personOf(event: RecordedEvent): string | null {
  const actor = event.metadata.actor;
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(actor) ? actor.toLowerCase() : null;
}

export interface ActivityRow {
  subject: string;
  type: ActivityType;
  url: string;
  userId: string | null;
  content: string;
  postId?: string;
}

/** A row in the public feed for `event`. Replays insert the same row again, which is kept once. */
export async function addActivity(db: Db, event: RecordedEvent, row: ActivityRow): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      activity_id: event.position.toString(),
      subject: row.subject,
      post_id: row.postId ?? null,
      type: row.type,
      url: row.url,
      user_id: row.userId,
      content: excerpt(row.content),
      at: event.metadata.timestamp,
      hidden: false,
    })
    .onConflict((oc) => oc.column('activity_id').doNothing())
    .execute();
}

/** Like `addActivity`, but a run of such edits by the same person to the same subject stays one row, dated by the latest. */
export async function addOrExtendActivity(db: Db, event: RecordedEvent, row: ActivityRow): Promise<void> {
  const since = new Date(Date.parse(event.metadata.timestamp) - RUN_MS).toISOString();
  let recent = db
    .selectFrom('activity')
    .select('activity_id')
    .where('subject', '=', row.subject)
    .where('type', '=', row.type)
    .where('at', '>=', since)
    .where('hidden', '=', false);
  recent = row.userId === null ? recent.where('user_id', 'is', null) : recent.where('user_id', '=', row.userId);
  const run = await recent.orderBy('at', 'desc').limit(1).executeTakeFirst();
  if (!run) return addActivity(db, event, row);
  await db
    .updateTable('activity')
    .set({ url: row.url, content: excerpt(row.content), at: event.metadata.timestamp })
    .where('activity_id', '=', run.activity_id)
    .execute();
}

/** A subject's rows show its new words (an excerpt, as when added), and its new address if it moved. */
export async function reviseActivity(db: Db, subject: string, content: string, url?: string): Promise<void> {
  await db
    .updateTable('activity')
    .set({ content: excerpt(content), ...(url === undefined ? {} : { url }) })
    .where('subject', '=', subject)
    .execute();
}

export async function removeActivity(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('activity').where('subject', '=', subject).execute();
}

export async function setActivityHidden(db: Db, subject: string, hidden: boolean): Promise<void> {
  await db.updateTable('activity').set({ hidden }).where('subject', '=', subject).execute();
}

/**
 * Tells each of `readers` (but never the person who caused it) about `event`, once. `actor`: who
 * the reader is told did it, when that is not who appended the event (a scheduled post's author).
 */
export async function notify(
  db: Db,
  event: RecordedEvent,
  readers: Iterable<string>,
  note: { kind: NotificationKind; url: string; content: string },
  actor = personOf(event),
): Promise<void> {
  const to = [...new Set(readers)].filter((reader) => reader !== actor);
  if (to.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      to.map((user_id) => ({
        user_id,
        position: event.position.toString(),
        kind: note.kind,
        url: note.url,
        actor_id: actor,
        content: excerpt(note.content),
        at: event.metadata.timestamp,
        read: false,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'position']).doNothing())
    .execute();
}
