import { GENERIC_ERROR } from '../../ui/messages';
import { blogMessages } from '@epos/schemas/blogs/messages';

export { blogMessages };

/** What a failed editor read says: "Not Found" for a 404, else the generic error. */
export const readFailure = (status: number): string => (status === 404 ? blogMessages.notFound : GENERIC_ERROR);

/** Texts of the editor screens that are not the spec's own messages. */
export const editorTexts = {
  noBlogs: 'You have no blogs to write in.',
  titleNeeded: 'Write a title first, then generate its url.',
  discardChanges: 'Your unsaved changes will be lost. Continue?',
  noScheduled: 'No scheduled posts',
  noDrafts: 'No drafts',
} as const;
