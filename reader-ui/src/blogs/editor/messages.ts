import { GENERIC_ERROR } from '../../ui/messages';
import { blogMessages } from '@epos/schemas/blogs/messages';
import { maxBytes } from '@epos/schemas/media/limits';

export { blogMessages };

/** What a failed editor read says: "Not Found" for a 404, else the generic error. */
export const readFailure = (status: number): string => (status === 404 ? blogMessages.notFound : GENERIC_ERROR);

/** Texts of the editor screens that are not the spec's own messages. */
export const editorTexts = {
  noBlogs: 'You have no blogs to write in.',
  titleNeeded: 'Write a title first, then generate its url.',
  imageTooLarge: `Images can be at most ${maxBytes.image / (1024 * 1024)} MB`,
  imageType: 'Images must be PNG, JPEG, GIF or WebP',
  discardChanges: 'Your unsaved changes will be lost. Continue?',
  previewLoading: 'Preparing the preview…',
  previewFailed: 'The preview could not be made. Try again, or save and open the post.',
  richEditorFailed: 'The rich editor cannot show this markdown; edit it in the source pane on the left.',
  noScheduled: 'No scheduled posts',
  noDrafts: 'No drafts',
} as const;
