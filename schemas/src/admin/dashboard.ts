import { z } from 'zod';

/** GET /admin-api/dashboard: what the site holds, counted in the read models. */
export const adminDashboardAnswer = z.object({
  users: z.number().int().describe('Accounts, deleted ones left out'),
  posts: z.number().int().describe('Blog posts in every state (drafts, scheduled, published)'),
  sentences: z.number().int().describe("The poem's placed sentences (withdrawn ones left out)"),
  commentsAwaitingModeration: z
    .number()
    .int()
    .describe('Comments have no moderation state yet (they show at once): this counts the comments of the last 7 days, the ones to look over'),
  suggestionsAwaitingReview: z.number().int().describe('Readers\' suggestions still open (GET /admin-api/suggestions?filter={"status":"open"})'),
});
export type AdminDashboardAnswer = z.infer<typeof adminDashboardAnswer>;
