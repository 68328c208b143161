import { libraryMessages } from '@epos/schemas/library/messages';
import type { PageCategory } from '@epos/schemas/library/events';
import type { PageInfoAnswer } from '@epos/schemas/library/payloads';
import { blogMessages } from '@epos/schemas/blogs/messages';
import { fieldLabel } from '@epos/schemas/api/field-labels';
import type { Issue } from '../ui/form-issues';

/**
 * The page editor's form (spec sections 3 and 4, "Page edit" and "Page category"): its values,
 * the spec's required fields, and the body of /postdata/createPage and /postdata/updatePage.
 */

/** The spec's page toasts (section 8), and the editor's own. */
export const pageMessages = {
  ...libraryMessages,
  /** A failed create or update without a message of the server's (section 8). */
  failed: blogMessages.failed,
  deleteConfirm: 'Are you sure you want to delete this page?',
  nameNeeded: 'Write a name first, then generate its permalink.',
  notAllowed: 'Only administrators can edit library pages.',
} as const;

/** Menu categories list the page in the top navigation or the footer; a Non-Menu page hangs under a parent. */
export const PAGE_CATEGORIES = ['Main menu', 'Footer', 'Non-Menu'] as const satisfies readonly PageCategory[];
const NON_MENU: PageCategory = 'Non-Menu';

export interface PageFormValues {
  readonly name: string;
  readonly url: string;
  readonly permalink: string;
  readonly category: PageCategory;
  /** A parent page's id, or '' (Non-Menu only). */
  readonly parent: string;
  /** Digits, or '' (Menu categories only). */
  readonly priority: string;
  readonly md_content: string;
}

/** Fields that can be marked invalid, in form order (the first invalid one gets focus). */
export const PAGE_FIELDS = ['name', 'url', 'permalink', 'category', 'parent', 'priority', 'md_content'] as const;
export type PageField = (typeof PAGE_FIELDS)[number];

export const EMPTY_PAGE: PageFormValues = { name: '', url: '', permalink: '', category: 'Non-Menu', parent: '', priority: '', md_content: '' };

/** Whether the category shows the parent selector (Non-Menu) or the priority (the Menu categories). */
export const showsParent = (category: PageCategory): boolean => category === NON_MENU;

const REQUIRED: readonly { readonly field: PageField; readonly message: string }[] = [
  { field: 'name', message: 'Name is required' },
  { field: 'url', message: 'Url is required' },
  { field: 'permalink', message: 'Permalink is required (Generate makes one from the name)' },
  { field: 'md_content', message: 'Content is required' },
];

/** The spec's page check (section 5): name, url, permalink and content required, each message naming its field. */
export function validatePage(values: PageFormValues): Issue<PageField>[] {
  const issues: Issue<PageField>[] = REQUIRED.filter(({ field }) => values[field].trim() === '').map(({ field, message }) => ({ message, fields: [field] }));
  if (!showsParent(values.category) && values.priority.trim() !== '' && !/^\d{1,4}$/.test(values.priority.trim()))
    issues.push({ message: 'Priority must be a whole number from 0 to 9999', fields: ['priority'] });
  return issues;
}

/** The body of POST /postdata/createPage (and, with id and revision, updatePage). */
export interface PagePayloadBody {
  readonly name: string;
  readonly url: string;
  readonly permalink: string;
  readonly category: PageCategory;
  readonly parent: string | null;
  readonly priority: number | null;
  readonly md_content: string;
}

/** A valid form's payload: a parent only for Non-Menu pages, a priority only for Menu ones. */
export function buildPagePayload(values: PageFormValues): PagePayloadBody {
  const nonMenu = showsParent(values.category);
  const priority = values.priority.trim();
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    permalink: values.permalink.trim(),
    category: values.category,
    parent: nonMenu && values.parent !== '' ? values.parent : null,
    priority: !nonMenu && priority !== '' ? Number(priority) : null,
    md_content: values.md_content,
  };
}

export function formFromInfo(info: PageInfoAnswer): PageFormValues {
  return {
    name: info.name,
    url: info.url,
    permalink: info.permalink,
    category: (PAGE_CATEGORIES as readonly string[]).includes(info.category) ? info.category : NON_MENU,
    parent: info.parent ?? '',
    priority: info.priority === null ? '' : String(info.priority),
    md_content: info.md_content,
  };
}

export function sameValues(a: PageFormValues, b: PageFormValues): boolean {
  return PAGE_FIELDS.every((field) => a[field] === b[field]);
}

/** A form with nothing typed in it: not worth keeping as a draft. */
export function isBlankPage(values: PageFormValues): boolean {
  return values.name.trim() === '' && values.url.trim() === '' && values.permalink.trim() === '' && values.md_content.trim() === '';
}

/** Reads a kept draft's values loosely (a missing or odd field is blank). */
export function pageValuesFrom(record: Record<string, unknown>): PageFormValues {
  const text = (field: PageField) => (typeof record[field] === 'string' ? record[field] : '');
  const category = text('category');
  return {
    name: text('name'),
    url: text('url'),
    permalink: text('permalink'),
    category: (PAGE_CATEGORIES as readonly string[]).includes(category) ? (category as PageCategory) : NON_MENU,
    parent: text('parent'),
    priority: text('priority'),
    md_content: text('md_content'),
  };
}

/** The field a server's message names ("url: /blogs belongs to the site…" → url), if it is one of the form's. */
export function fieldOfMessage(message: string | undefined): PageField | null {
  // The server names a field by its label ("Content: …") or, where that is plain English, its own name ("url: …").
  const name = message?.match(/^\s*([A-Za-z_][\w ]*?)\s*:/)?.[1];
  return PAGE_FIELDS.find((field) => field === name || fieldLabel(field) === name) ?? null;
}

/** What a failed save says: the server's message, or the spec's 'An error Occured' when it gave none. */
export function pageSaveFailure(message: string | undefined): string {
  return message !== undefined && message.trim() !== '' ? message : pageMessages.failed;
}
