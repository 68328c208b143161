/**
 * The spec's blog messages (sections 5 and 8), copied from `blogMessages` in
 * schemas/src/blogs/payloads.ts rather than imported, because that module pulls zod
 * into the reader bundle. messages.test.ts checks that the two stay equal: change
 * them there first, then here. Note the spec's own spellings ("wan", "Occured").
 */
export const blogMessages = {
  required: 'Fields marked with * are required',
  posted: 'Posted Successfully',
  updated: 'Updated Successfully',
  deleteConfirm: 'Are you sure you wan to delete the post?',
  deleted: 'Post deleted',
  urlGenerated: 'url generated',
  commentPosted: 'Comment posted successfully',
  commentDeleted: 'Deleted Successfully',
  commentWithReplies: 'A comment with replies cannot be deleted',
  blogAdded: 'Added Successfully',
  failed: 'An error Occured',
  noBlogsYet: 'No Blogs yet',
  noBlogFound: 'No blog found',
  notFound: 'Not Found',
  noBlogsToShow: 'No blogs to show',
} as const;

/** Other texts of the blog pages. */
export const blogTexts = {
  loginToComment: 'Log in to comment',
  deleteComment: 'Delete this comment?',
  unsubscribed: 'You are unsubscribed. You will get no more mail about new posts in this blog.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  noSeries: 'No series found',
  noComments: 'No comments yet.',
} as const;
