import { draftStore, str } from '../../ui/editor/local-draft';
import { isBlankText, sameText, type PostText } from './post-form-model';

const LOCAL_DRAFT_PREFIX = 'epos:blog-editor:new-post:';

export const postDrafts = draftStore<PostText>(
  LOCAL_DRAFT_PREFIX,
  (record) => ({
    title: str(record.title) ?? '',
    subtitle: str(record.subtitle) ?? '',
    series_title: str(record.series_title) ?? '',
    excerpt: str(record.excerpt) ?? '',
    md_content: str(record.md_content) ?? '',
  }),
  isBlankText,
);

/** How the post autosave compares working copies, and which it does not keep. */
export const postTextRules = { same: sameText, isBlank: isBlankText } as const;
