import type { Role } from './events.js';

/**
 * Who may run each write: the one table every state-changing route is checked against (the API),
 * and that the apps read to show or hide a control. Plain values (no zod), so the apps may import it.
 */
export type Audience = 'anyone' | 'signed-in' | readonly Role[];

export const permissions = {
  'accounts.register': 'anyone',
  'accounts.login': 'anyone',
  'accounts.logoff': 'anyone',
  'accounts.confirmEmail': 'anyone',
  'accounts.requestActivation': 'anyone',
  'accounts.requestReset': 'anyone',
  'accounts.resetPassword': 'anyone',
  'accounts.changePassword': 'signed-in',
  'accounts.delete': 'signed-in',
  'notes.save': 'signed-in',
  'notes.delete': 'signed-in',
  /** A reader's own highlights (issue 38): made, changed and removed by their reader only. */
  'study.highlight': 'signed-in',
  /** A reader's own bookmarks and collections. */
  'study.bookmark': 'signed-in',
  /** The records a signed-in reader's page sends while they read (their place, days and sessions). */
  'study.reading': 'signed-in',
  /** A reader's own reading plans. */
  'study.plan': 'signed-in',
  /** The editors' reading plans and shared calendars, made in the console. */
  'plans.curate': ['admin'],
  'subscriptions.change': 'signed-in',
  'users.manage': ['admin'],
  /** Reading anything in the admin console's API (/admin-api/…); its writes name their own permission. */
  'admin.console': ['admin'],
  /** Retrying a failed background job from the console's dashboard. */
  'admin.jobs': ['admin'],
  'poem.edit': ['admin'],
  /** Readers suggest corrections to the poem's text; editors (admins) review them. */
  'suggestions.make': 'signed-in',
  /** Accepting a suggestion appends the edit, so whoever reviews must be allowed 'poem.edit' too (tested). */
  'suggestions.review': ['admin'],
  'blogs.write': ['blogger', 'admin'],
  /** The editor's preview renders markdown and stores nothing: its own, looser limit, apart from saves. */
  'blogs.preview': ['blogger', 'admin'],
  'blogs.manage': ['admin'],
  'comments.write': 'signed-in',
  'subscriptions.unsubscribe': 'anyone',
  'media.upload': ['blogger', 'admin'],
  /** The media library: audio uploads, attaching files to sentences, books and cantos, detaching, replacing. */
  'media.manage': ['admin'],
  /** Asking for a PDF of a book or canto (rate-limited per reader and per address). */
  'pdf.request': 'anyone',
  /** Library pages, authors and books: creating, revising, moving, deleting, restoring. */
  'library.manage': ['admin'],
  /** Readers' works on sentences: adding them, and editing or deleting their own (administrators: anyone's). */
  'works.write': 'signed-in',
  /** Hiding and showing readers' works. */
  'works.moderate': ['admin'],
  /** A reader's own notifications: reading them, their live stream, marking them read. */
  'notifications.own': 'signed-in',
  /** The platform's sample feature, mounted only by tests and benchmarks. */
  'testkit.counters': 'anyone',
} as const satisfies Record<string, Audience>;

export type Permission = keyof typeof permissions;

export function allows(audience: Audience, role: Role | null): boolean {
  if (audience === 'anyone') return true;
  if (role === null) return false;
  return audience === 'signed-in' || audience.includes(role);
}
