import { draftStore } from '../ui/editor/local-draft';
import { isBlankPage, pageValuesFrom, sameValues, type PageFormValues } from './page-form-model';

/** The page editor's working copies in this browser: one per page id, and one ('new') for a page not created yet. */
export const pageDrafts = draftStore<PageFormValues>('epos:page-editor:', pageValuesFrom, isBlankPage);

const NEW_PAGE_DRAFT = 'new';

/** The draft's name for a page (its id) or a new page. */
export const pageDraftName = (pageId: string | null): string => pageId ?? NEW_PAGE_DRAFT;

/** How the page autosave compares working copies, and which it does not keep. */
export const pageTextRules = { same: sameValues, isBlank: isBlankPage } as const;
