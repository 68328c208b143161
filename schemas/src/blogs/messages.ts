/**
 * The spec's blog messages (sections 5 and 8), used by the forms and the server alike. Free of
 * zod, so the reader app imports it without pulling zod into its bundle. Note the spec's own
 * spellings ("wan", "Occured").
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
  /** Not the spec's: the console's archive (the notice on the blog's pages, and the refusals). */
  archived: 'This blog is archived',
  archivedNoPosts: 'This blog is archived: it takes no new posts and publishes none',
  archivedNoComments: 'This blog is archived: its posts take no new comments',
} as const;
