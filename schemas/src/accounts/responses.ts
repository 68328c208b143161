import { z } from 'zod';
import { isoMoment, notJson } from '../api/responses.js';
import { listPaging } from '../blogs/responses.js';
import { POST_STATUS } from '../blogs/post-status.js';
import { roleSchema } from './events.js';

/** An account call that worked, with a message for the reader when there is one. */
export const accountSuccess = z.object({ type: z.literal(1), message: z.string().optional() });
/** An account call that was refused, with the reason to show. */
export const accountFailure = z.object({ type: z.literal(0), error: z.string() });
/** Every account call answers `{ type: 1, message? }` or `{ type: 0, error }` (spec section 7). */
export const accountAnswer = z.discriminatedUnion('type', [accountSuccess, accountFailure]);
export type AccountAnswer = z.infer<typeof accountAnswer>;

export const csrfAnswer = z.object({ token: z.string().describe('Send it back as the X-CSRF-Token header or the _csrf field') });
export type CsrfAnswer = z.infer<typeof csrfAnswer>;

export const meAnswer = z.discriminatedUnion('loggedIn', [
  z.object({ loggedIn: z.literal(false) }),
  z.object({
    loggedIn: z.literal(true),
    userId: z.uuid(),
    userName: z.string().nullable().describe('null when the account is being deleted'),
    role: roleSchema,
  }),
]);
export type MeAnswer = z.infer<typeof meAnswer>;

export const myNotesAnswer = z.array(
  z.object({
    NoteId: z.string().describe('Names the note to edit or delete it'),
    Content: z.string(),
    Sentencenumber: z.number().int(),
    Rtype: z.string(),
    savedAt: isoMoment,
  }),
);
/** A note saved: its id, for editing or deleting it next. */
export const noteSavedAnswer = z.object({ type: z.literal(1), message: z.string(), NoteId: z.string() });
export type MyNotesAnswer = z.infer<typeof myNotesAnswer>;

/** One of the reader's notes in the list of all of them: where its sentence stands now (null numbers once withdrawn). */
export const myNoteEntry = z.object({
  NoteId: z.string(),
  Content: z.string(),
  Rtype: z.string().describe('The kind of note'),
  savedAt: isoMoment,
  sentenceId: z.number().int().describe("The sentence's permanent id (/s/{id})"),
  Sentencenumber: z.number().int().nullable().describe('Its running number now; null once the sentence is withdrawn'),
  book: z.number().int().nullable(),
  canto: z.number().int().nullable(),
  section: z.number().int().nullable(),
});
export type MyNoteEntry = z.infer<typeof myNoteEntry>;
/** GET /api/my/notes: a page of the reader's notes, newest first, with how many match in all. */
export const myNotesPageAnswer = z.object({ bcontent: z.array(myNoteEntry), Paging: listPaging, total: z.number().int() });
export type MyNotesPageAnswer = z.infer<typeof myNotesPageAnswer>;
/** GET /api/my/notes.md: the reader's notes as a markdown file, in the poem's order. */
export const myNotesMarkdown = notJson('text/markdown: each note under its sentence, in the order of the poem, with a link to the sentence');

type PostStatusName = keyof typeof POST_STATUS;
const postStatusName = z.enum(Object.keys(POST_STATUS) as [PostStatusName, ...PostStatusName[]]);

/** GET /postdata/mydata: everything the site keeps about the signed-in reader (a JSON attachment). */
export const myDataAnswer = z.object({
  account: z
    .object({
      userName: z.string(),
      email: z.string().nullable(),
      name: z.string(),
      role: roleSchema,
      registeredAt: isoMoment,
      lastLogin: isoMoment.nullable(),
    })
    .nullable()
    .describe('null until the account appears in the users read model'),
  blogs: z.array(z.string()).describe('Blogs the reader may write in'),
  subscriptions: z.array(z.string()),
  logins: z.array(z.object({ at: isoMoment, succeeded: z.boolean() })),
  notes: z.array(
    z.object({
      sentence: z.number().int().nullable().describe("The sentence's running number; null when it is no longer in the poem"),
      sentenceId: z.number().int(),
      type: z.string(),
      content: z.string(),
      savedAt: isoMoment,
    }),
  ),
  highlights: z
    .array(
      z.object({
        sentence: z.number().int().nullable().describe('The running number of the sentence it was made on; null when it is no longer in the poem'),
        sentenceId: z.number().int(),
        edition: z.string(),
        words: z.string(),
        colour: z.string(),
        style: z.string(),
        note: z.string().nullable(),
        madeAt: isoMoment,
      }),
    )
    .describe('Highlights, each with the words it was made on'),
  collections: z.array(z.object({ id: z.string(), name: z.string(), madeAt: isoMoment })).describe('Named collections of bookmarks'),
  bookmarks: z
    .array(
      z.object({
        sentence: z.number().int().nullable().describe("The bookmarked sentence's running number; null when it is no longer in the poem"),
        sentenceId: z.number().int(),
        collection: z.string().nullable().describe('The collection it is in (its id); null: Bookmarks'),
        addedAt: isoMoment,
      }),
    )
    .describe('Bookmarked sentences'),
  reading: z
    .object({
      days: z.array(z.object({ day: z.iso.date(), seconds: z.number().int() })).describe("The days read (the reader's own days), with the seconds read"),
      sessions: z.array(z.object({ startedAt: isoMoment, endedAt: isoMoment, seconds: z.number().int() })),
    })
    .describe('Reading recorded while signed in'),
  plans: z
    .array(
      z.object({
        id: z.string(),
        from: z.object({ book: z.number().int(), canto: z.number().int() }),
        to: z.object({ book: z.number().int(), canto: z.number().int() }),
        startDay: z.iso.date(),
        endDay: z.iso.date(),
        linesRead: z.number().int(),
      }),
    )
    .describe('Reading plans followed, with the lines of each read'),
  comments: z.array(z.object({ id: z.string(), post: z.string(), replyTo: z.string().nullable(), content: z.string(), at: isoMoment })),
  posts: z.array(
    z.object({
      blog: z.string(),
      url: z.string(),
      title: z.string(),
      status: postStatusName,
      markdown: z.string(),
      createdAt: isoMoment,
      publishedAt: isoMoment.nullable(),
    }),
  ),
});
export type MyDataAnswer = z.infer<typeof myDataAnswer>;

/** A blog as the subscription and user-administration screens list it. */
export const blogChoice = z.object({ Blogid: z.string(), Blogname: z.string(), isSubscribed: z.boolean() });

export const subscriptionsAnswer = z.object({
  BlogsDetails: z.array(blogChoice),
  Csubscribed: z.array(z.string()).describe('The blogs the reader follows'),
});
export type SubscriptionsAnswer = z.infer<typeof subscriptionsAnswer>;

export const adminUser = z.object({
  Userid: z.uuid(),
  Name: z.string(),
  UserName: z.string(),
  UserEmail: z.string().nullable(),
  EmailConfirmed: z.boolean(),
  UserRole: z.array(roleSchema).describe("One role, as a list (the spec's shape)"),
  Blogs: z.array(z.string()),
  LastLogin: isoMoment.nullable(),
});
export const adminUsersAnswer = z.array(adminUser);
export type AdminUsersAnswer = z.infer<typeof adminUsersAnswer>;

export const dataInfoAnswer = z.object({ Roles: z.array(roleSchema), BlogsDetails: z.array(blogChoice) });
export type DataInfoAnswer = z.infer<typeof dataInfoAnswer>;
