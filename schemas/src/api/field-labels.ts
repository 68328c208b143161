import { editionNames, languageNames, type Edition, type Language } from '../poem/editions.js';

/**
 * What the screens call a field, by the machine names requests and events give it: one table for
 * the messages a 400 answers with and the console's History tab. A plain English name ("title",
 * "word", "email") needs no entry; names a person would not say ("Urlto", "md_content", "proposed") do.
 */
export const fieldLabels = {
  // Posts and pages, as the editor labels them (request and event names).
  series_title: 'Series title',
  seriesTitle: 'Series title',
  md_content: 'Content',
  markdown: 'Content',
  blog_id: 'Blog',
  blogId: 'Blog',
  authorId: 'Author',
  publishAt: 'Publish at',
  publishedAt: 'Published',
  // Readers' works, as the works form labels them.
  Urlto: 'Link',
  TypeOf: 'Kind of work',
  SentenceNumber: 'Sentences',
  Description: 'Annotation',
  // A reader's correction, as the correction form labels it.
  proposed: 'Corrected text',
  basedOn: 'Text it was based on',
  // The PDF form.
  bookNumber: 'Book',
  cantoNumber: 'Canto',
  typeOf: 'Part of the poem',
  userEmail: 'Email',
} as const satisfies Readonly<Record<string, string>>;
const LABELS: Readonly<Record<string, string>> = fieldLabels;

const EDITIONS: ReadonlySet<string> = new Set(Object.keys(editionNames));
const LANGUAGES: ReadonlySet<string> = new Set(Object.keys(languageNames));
const qualified = (path: readonly PropertyKey[]) => path.filter((k): k is string => typeof k === 'string');

/**
 * The label of the field at `path` (an issue's path, or a dotted name), or null when its last
 * name is plain English already. A verse text names its edition ("first.lines", "text.first" → "First
 * edition"), a translation its language ("translations.fr" → "French translation").
 */
export function fieldLabel(path: readonly PropertyKey[] | string): string | null {
  const names = qualified(typeof path === 'string' ? path.split('.') : path);
  const last = names.at(-1);
  if (last === undefined) return null;
  const owner = names.at(-2);
  if (last === 'lines' && owner !== undefined && EDITIONS.has(owner)) return `${editionNames[owner as Edition]} edition`;
  if (owner === 'text' && EDITIONS.has(last)) return `${editionNames[last as Edition]} edition`;
  if (owner === 'translations' && LANGUAGES.has(last)) return `${languageNames[last as Language]} translation`;
  return LABELS[names.join('.')] ?? LABELS[last] ?? null;
}

/** How a message names a field: its label, or its own name when that is plain English. */
const nameOf = (path: readonly PropertyKey[] | string): string => fieldLabel(path) ?? (typeof path === 'string' ? path : path.map(String).join('.'));

/**
 * A message about a field with the field named as the screens name it: "Urlto: needs a link" →
 * "Link: needs a link"; a message that starts with a small letter (or any, `always`) is prefixed by the field's name.
 */
export function labelledMessage(path: readonly PropertyKey[] | string, message: string, prefix: 'lowercase' | 'always' = 'lowercase'): string {
  const machine = typeof path === 'string' ? path : path.map(String).join('.');
  if (machine === '') return message;
  const name = nameOf(path);
  if (message.startsWith(`${machine}: `)) return `${name}: ${message.slice(machine.length + 2)}`;
  if (message.startsWith(`${name}: `)) return message;
  return prefix === 'always' || /^[a-z]/.test(message) ? `${name}: ${message}` : message;
}

/**
 * A message that names its field by machine name at its start ("Urlto: this kind of work needs a
 * link", "proposed: write the corrected text") with the field renamed for the screens; any other
 * message unchanged.
 */
export function relabelledMessage(message: string): string {
  const named = /^([A-Za-z_][\w.]*): /.exec(message)?.[1];
  const label = named === undefined ? null : fieldLabel(named);
  return label === null ? message : `${label}: ${message.slice(named!.length + 2)}`;
}

/** A field's name inside a sentence ("Invalid link: …"): its label with a small first letter, unless an acronym ("PDF"). */
export function fieldInSentence(path: readonly PropertyKey[] | string): string {
  const name = nameOf(path);
  return /^[A-Z][a-z]/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}
