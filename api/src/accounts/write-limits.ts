import { perHour, perMinute, type LimitRule } from './rate-limits.js';
import type { Permission } from '@epos/schemas/accounts/permissions';

/**
 * How often each write may run, beside the permission table: every permission names its limit
 * (or null for none), counted per signed-in user, else per address. Every limit is multiplied by
 * RATE_LIMIT_FACTOR (default 1). An answer over a limit is 429 with Retry-After.
 */
export const writeLimits = {
  'accounts.register': { what: 'registrations', windows: [perMinute(10)] },
  'accounts.login': { what: 'login attempts', windows: [perMinute(10)] },
  'accounts.logoff': null,
  'accounts.confirmEmail': { what: 'email confirmations', windows: [perMinute(10)] },
  'accounts.requestActivation': { what: 'activation requests', windows: [perMinute(10)] },
  'accounts.requestReset': { what: 'password reset requests', windows: [perMinute(10)] },
  'accounts.resetPassword': { what: 'password resets', windows: [perMinute(10)] },
  'accounts.changePassword': { what: 'password changes', windows: [perMinute(10)] },
  'accounts.delete': { what: 'account deletions', windows: [perMinute(10)] },
  'notes.save': { what: 'notes', windows: [perMinute(30), perHour(300)] },
  'notes.delete': { what: 'note deletions', windows: [perMinute(30), perHour(300)] },
  // A reader marking as they read makes many in a sitting.
  'study.highlight': { what: 'highlight changes', windows: [perMinute(120), perHour(1200)] },
  'study.bookmark': { what: 'bookmark changes', windows: [perMinute(120), perHour(1200)] },
  // A page sends one a minute of reading, and on leaving a section: a reader paging quickly sends more.
  'study.reading': { what: 'reading records', windows: [perMinute(30), perHour(600)] },
  'study.plan': { what: 'plan changes', windows: [perMinute(30), perHour(300)] },
  'subscriptions.change': { what: 'subscription changes', windows: [perMinute(30)] },
  'comments.write': { what: 'comments and votes', windows: [perMinute(20), perHour(200)] },
  'suggestions.make': { what: 'suggestions', windows: [perMinute(20), perHour(200)] },
  'subscriptions.unsubscribe': { what: 'unsubscribe requests', windows: [perMinute(30)] },
  'blogs.write': { what: 'post changes', windows: [perMinute(30), perHour(600)] },
  'blogs.preview': { what: 'previews', windows: [perMinute(120), perHour(2000)] },
  'media.upload': { what: 'uploads', windows: [perMinute(20), perHour(200)] },
  'pdf.request': { what: 'PDF requests', windows: [perMinute(5), perHour(30)] },
  'works.write': { what: 'works', windows: [perMinute(20), perHour(200)] },
  'notifications.own': { what: 'notification marks', windows: [perMinute(120), perHour(2000)] },
  // Administrators' own tools: their role is the limit.
  'users.manage': null,
  'admin.console': null,
  'admin.jobs': null,
  'poem.edit': null,
  'suggestions.review': null,
  'blogs.manage': null,
  'library.manage': null,
  'plans.curate': null,
  'media.manage': null,
  'works.moderate': null,
  'testkit.counters': null,
} as const satisfies Record<Permission, LimitRule | null>;

/**
 * Every password check (login, password change, account deletion), counted per account and per
 * address on top of the route's write limit, so a stolen session cannot be used to guess its password.
 */
export const passwordCheckLimits = {
  // Whoever tries an account's password is not told how many tries it has left.
  perAccount: { what: 'password attempts for this account', windows: [{ max: 20, ms: 15 * 60_000 }], untold: true },
  perAddress: { what: 'password attempts', windows: [perMinute(10), perHour(100)] },
} as const satisfies Record<string, LimitRule>;

/** Reads with a limit of their own (named in the route's `readLimit`), counted per address. */
export const readLimits = {
  speech: { what: 'speech requests', windows: [perMinute(60)] },
} as const satisfies Record<string, LimitRule>;
