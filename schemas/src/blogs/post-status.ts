/** A post's status as the API writes it (zod-free, so the reader app imports it as it is). */
export const POST_STATUS = { published: 0, scheduled: 1, draft: 2 } as const;
export type PostStatus = (typeof POST_STATUS)[keyof typeof POST_STATUS];
