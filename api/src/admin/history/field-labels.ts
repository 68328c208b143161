import { partLabel, type NoteLabels, type SuggestionPart } from '@epos/schemas';
import { editionNames, languageNames, type Edition, type Language } from '@epos/schemas/poem/editions';
import { fieldLabel, fieldLabels as shared } from '@epos/schemas/api/field-labels';
import type { SetField } from './record-fields.js';
import * as show from './readable-values.js';

/** Records a value names by id: the History tab shows their names. */
export type Reference = 'user' | 'author' | 'page' | 'blog';

/**
 * How a History tab presents one field: its label on the screens, whether it is text worth a word
 * diff (markdown, verse, notes) or a short field shown old → new, and how its value reads.
 */
export interface FieldSpec {
  label: string;
  text: boolean;
  ref?: Reference;
  read: (value: unknown) => string | null;
}

export interface LabelContext {
  /** The site's names for the two configurable notes (LABEL_MOTHER_NOTE, LABEL_AUTHOR_NOTE). */
  notes: NoteLabels;
}

type Spec = Partial<FieldSpec> & { label: string };

const prose = (label: string): Spec => ({ label, text: true });

/** Fields by their machine name, as the post, page, book, blog, user, media and poem screens label them (the labels messages use too, where they share one). */
const FIELDS: Readonly<Record<string, Spec>> = {
  title: { label: 'Title' },
  subtitle: { label: 'Subtitle' },
  seriesTitle: { label: shared.seriesTitle },
  excerpt: prose('Excerpt'),
  markdown: prose(shared.markdown),
  description: prose('Description'),
  introduction: prose('Introduction'),
  name: { label: 'Name' },
  permalink: { label: 'Permalink' },
  category: { label: 'Category' },
  parent: { label: 'Parent page', ref: 'page' },
  priority: { label: 'Priority' },
  path: { label: 'Path' },
  url: { label: 'Address' },
  slug: { label: 'Address' },
  order: { label: 'Order' },
  status: { label: 'Status', read: show.capitalised },
  publishedAt: { label: shared.publishedAt, read: show.moment },
  publishAt: { label: shared.publishAt, read: show.moment },
  blogId: { label: shared.blogId, ref: 'blog' },
  authorId: { label: shared.authorId, ref: 'user' },
  restoredFrom: { label: 'Restored from revision' },
  revision: { label: 'Revisions' },
  archived: { label: 'Archived' },
  role: { label: 'Role', read: show.capitalised },
  blogs: { label: 'Blogs', read: (v) => (Array.isArray(v) ? v.join(', ') || null : show.plainText(v)) },
  subscribedTo: { label: 'Subscribed to', read: (v) => (Array.isArray(v) ? v.join(', ') || null : show.plainText(v)) },
  unsubscribedFrom: { label: 'Unsubscribed from', read: (v) => (Array.isArray(v) ? v.join(', ') || null : show.plainText(v)) },
  remember: { label: 'Remember me' },
  reason: { label: 'Reason', read: show.words({ password: 'wrong password', unconfirmed: 'email address not confirmed', locked: 'account locked' }) },
  locked: { label: 'Locked' },
  emailConfirmed: { label: 'Email confirmed' },
  personal: { label: 'Personal data' },
  noteId: { label: 'Note' },
  rtype: { label: 'Kind of note' },
  sentence: { label: 'Sentence' },
  sentences: { label: 'Sentences', read: show.sentenceList },
  kind: { label: 'Kind', read: show.capitalised },
  mime: { label: 'Type' },
  ext: { label: 'Extension' },
  size: { label: 'Size', read: show.bytes },
  width: { label: 'Width', read: show.pixels },
  height: { label: 'Height', read: show.pixels },
  durationSeconds: { label: 'Duration', read: show.duration },
  originalName: { label: 'Name' },
  uploader: { label: 'Uploaded by', ref: 'user' },
  thumb: { label: 'Thumbnail', read: show.derivative },
  web: { label: 'Web size', read: show.derivative },
  book: { label: 'Book' },
  canto: { label: 'Canto' },
  section: { label: 'Section' },
  stanza: { label: 'Stanza' },
  joinsPrevious: { label: 'Continues the previous verse line' },
  stanzaBreaks: { label: 'Stanza breaks before fragments', read: show.sentenceList },
  relations: { label: 'Word relations', read: show.wordRelations },
  suggestedBy: { label: 'Suggested by', ref: 'user' },
  label: { label: 'Label' },
  author: { label: 'Author' },
  pdf: { label: 'PDF', read: show.pdfLink },
  images: { label: 'Images', read: show.mediaItems },
  queue: { label: 'Queue' },
  jobId: { label: 'Job' },
  part: { label: 'Correction of' },
  basedOn: prose(shared.basedOn),
  proposed: prose(shared.proposed),
  suggester: { label: 'Suggester', ref: 'user' },
  type: { label: 'Kind of work' },
  userId: { label: 'Author', ref: 'user' },
  id: { label: 'Notification' },
  upTo: { label: 'Notifications read up to' },
};

/** The same machine name labelled otherwise on one kind of record's screen. */
const BY_KIND: Readonly<Record<string, Readonly<Record<string, Spec>>>> = {
  book: { authorId: { label: 'Author', ref: 'author' } },
  work: { url: { label: shared.Urlto }, description: prose('Annotation or caption') },
  suggestion: { reason: prose('Reason') },
  user: { content: { label: 'Note' } },
  sentence: {
    into: { label: 'Text moved to sentences', read: show.sentenceList },
    from: { label: 'Joined from sentences', read: show.sentenceList },
    order: { label: 'Order key' },
  },
};

const MEDIA_KINDS: Readonly<Record<string, string>> = {
  painting: 'Painting',
  sketch: 'Sketch',
  diagram: 'Diagram',
  audio: 'Audio',
  artistImage: "Artist's image",
};
const SENTENCE_FIELDS: Readonly<Record<string, string>> = {
  reason: 'Reason',
  scansion: 'Scansion',
  ipa: 'IPA',
  hyphenated: 'Hyphenation',
  pronouns: 'Pronouns',
  sanskritTransliteration: 'Sanskrit transliteration',
};

/** "Book 2, canto 3": the part of the poem a name, note or PDF belongs to. */
const partOfPoem = (about: SetField['about']) =>
  (['book', 'canto', 'section'] as const)
    .filter((k) => typeof about[k] === 'number')
    .map((k, i) => `${i === 0 ? 'Book' : k} ${about[k]}`)
    .join(', ');

/** A field that belongs to one edition, language, note, layer or part of the poem, labelled by it. */
function qualified(type: string, field: SetField, context: LabelContext): Spec | null {
  const { about, key } = field;
  if (key === 'lines' && typeof about.edition === 'string') return prose(`${editionNames[about.edition as Edition] ?? about.edition} edition`);
  if (key === 'lines' && typeof about.lang === 'string') return prose(`${languageNames[about.lang as Language] ?? about.lang} translation`);
  if (key === 'value' && typeof about.field === 'string') {
    const notes: Record<string, string> = { ...SENTENCE_FIELDS, motherNote: context.notes.motherNote, aurobindoNote: context.notes.aurobindoNote };
    return prose(notes[about.field] ?? show.inWords(about.field));
  }
  if (key === 'items' && typeof about.kind === 'string') return { label: MEDIA_KINDS[about.kind] ?? show.inWords(about.kind), read: show.mediaItems };
  if (type === 'CantoNoteSet' && key === 'text') return prose(partOfPoem(about));
  if (key === 'text' && typeof about.layer === 'string') return prose(`Commentary: ${about.layer}`);
  if (type === 'PoemBookNamed' || type === 'PoemCantoNamed' || type === 'PoemSectionNamed') return { label: `Name of ${partOfPoem(about).toLowerCase()}` };
  if (type === 'PoemPartMediaSet')
    return { ...(FIELDS[key] ?? { label: show.inWords(key) }), label: `${FIELDS[key]?.label ?? show.inWords(key)} of ${partOfPoem(about).toLowerCase()}` };
  return null;
}

const sealedSpec: FieldSpec = { label: '', text: false, read: (v) => (v === null || v === undefined ? null : '(sealed)') };

/** How the History tab of a `kind` record shows a field an event of `type` sets. */
export function fieldSpec(kind: string, type: string, field: SetField, context: LabelContext, sealed: boolean): FieldSpec {
  const spec = qualified(type, field, context) ??
    BY_KIND[kind]?.[field.key] ??
    FIELDS[field.key] ?? { label: fieldLabel(field.path) ?? show.inWords(field.key) };
  if (sealed) return { ...sealedSpec, label: spec.label };
  const read =
    spec.read ??
    (field.key === 'part' ? (v: unknown) => (typeof v === 'string' ? partLabel(v as SuggestionPart, context.notes) : show.plainText(v)) : show.plainText);
  return { label: spec.label, text: spec.text ?? false, read, ...(spec.ref ? { ref: spec.ref } : {}) };
}
