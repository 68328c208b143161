/** Texts of the blog pages that are not the spec's messages (those are `blogMessages` in @epos/schemas/blogs/messages). */
export const blogTexts = {
  loginToComment: 'Log in to comment',
  deleteComment: 'Delete this comment?',
  deleteCommentDetail: 'It will be removed from the thread.',
  unsubscribed: 'You are unsubscribed. You will get no more mail about new posts in this blog.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  noSeries: 'No series found',
  noComments: 'No comments yet.',
} as const;
