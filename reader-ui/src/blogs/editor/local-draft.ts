import { draftStore, str, type KeptDraft } from '../../ui/editor/local-draft';
import { isBlankText, sameText, type PostText } from './post-form-model';

/** A new post's working copy, kept in this browser until the post is created (one per blog). */
export type LocalDraft = KeptDraft<PostText>;

export const LOCAL_DRAFT_PREFIX = 'epos:blog-editor:new-post:';

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
