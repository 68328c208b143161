import { maxBytes } from '@epos/schemas/media/limits';

/** Texts of the markdown editor, whatever it edits. */
export const editorTexts = {
  imageTooLarge: `Images can be at most ${maxBytes.image / (1024 * 1024)} MB`,
  imageType: 'Images must be PNG, JPEG, GIF or WebP',
  previewLoading: 'Preparing the preview…',
  previewFailed: 'The preview could not be made. Try again, or save and open the post.',
  richEditorFailed: 'The rich editor cannot show this markdown; edit it in the source pane on the left.',
} as const;
