export { blogMessages } from '../messages';

/** Texts of the editor screens that are not the spec's own messages. */
export const editorTexts = {
  noBlogs: 'You have no blogs to write in.',
  titleNeeded: 'Write a title first, then generate its url.',
  imageTooLarge: 'Images can be at most 5 MB',
  imageType: 'Images must be PNG, JPEG, GIF or WebP',
  discardChanges: 'Your unsaved changes will be lost. Continue?',
  richEditorFailed: 'The rich editor cannot show this markdown; edit it in the source pane on the left.',
  noScheduled: 'No scheduled posts',
  noDrafts: 'No drafts',
} as const;
