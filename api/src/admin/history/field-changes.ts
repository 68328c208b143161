import { z } from 'zod';
import type { RecordedEvent } from '@epos/platform';
import { eventCatalog, sealedContents } from '@epos/schemas';
import type { FieldChangeAnswer } from '@epos/schemas/admin/events';
import { streamKind } from '@epos/schemas/events/stream-kind';
import { fieldSpec, type FieldSpec, type LabelContext, type Reference } from './field-labels.js';
import { recordFields } from './record-fields.js';
import { wordDiffInContext } from './word-diff.js';

/** What an event changed in one field, before the records its values name are named. */
export interface PendingChange {
  field: string;
  spec: FieldSpec;
  before: unknown;
  after: unknown;
  /** The field had no value before (a creation, or a fact of the moment): there is nothing to compare. */
  first: boolean;
}

/** The name of a record a value refers to (a user, an author, a page), if known. */
export type ReferenceName = (ref: Reference, id: string) => string | undefined;

const sealedByType = new Map<string, ReadonlySet<string>>();

/** The fields of an event type that hold sealed personal data: shown as sealed, never read. */
function sealedKeys(type: string): ReadonlySet<string> {
  let keys = sealedByType.get(type);
  if (keys === undefined) {
    const schema = eventCatalog.find((e) => e.type === type)?.schema;
    const shape: Record<string, z.ZodType> = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
    const inner = (s: z.ZodType): z.ZodType => (s instanceof z.ZodOptional || s instanceof z.ZodNullable ? inner(s.unwrap() as z.ZodType) : s);
    keys = new Set(Object.entries(shape).flatMap(([key, s]) => (sealedContents.has(inner(s)) ? [key] : [])));
    sealedByType.set(type, keys);
  }
  return keys;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What each event of one stream changed, oldest first: every field it set whose value differs from
 * the record's value before it, whichever event set that (a revision is compared with the text the
 * post was created with). A creation lists the values it starts with; an autosave is compared with
 * the working copy, or the saved text before there is one. Events not `shown` answer no changes.
 */
export function fieldChanges(events: readonly RecordedEvent[], context: LabelContext, shown: (index: number) => boolean = () => true): PendingChange[][] {
  const saved = new Map<string, unknown>();
  const drafts = new Map<string, unknown>();
  return events.map((event, index) => {
    const kind = streamKind(event.streamId);
    const sealed = sealedKeys(event.type);
    const changes: PendingChange[] = [];
    for (const field of recordFields(event)) {
      const known = field.draft && drafts.has(field.path) ? drafts : saved;
      const first = field.fact || !known.has(field.path);
      const before = first ? undefined : known.get(field.path);
      if (field.draft) drafts.set(field.path, field.value);
      else if (!field.fact) {
        saved.set(field.path, field.value);
        drafts.delete(field.path);
      }
      // Every event's values are followed; only the shown ones are described (a word diff costs).
      if (!shown(index) || (first ? isEmpty(field.value) : same(before, field.value))) continue;
      changes.push({ field: field.path, spec: fieldSpec(kind, event.type, field, context, sealed.has(field.key)), before, after: field.value, first });
    }
    return changes;
  });
}

/** The records the values of these changes refer to, by kind: for naming them in one look-up each. */
export function referencesIn(changes: Iterable<PendingChange>): Map<Reference, Set<string>> {
  const found = new Map<Reference, Set<string>>();
  for (const change of changes) {
    const ref = change.spec.ref;
    if (ref === undefined) continue;
    for (const value of [change.before, change.after]) if (typeof value === 'string') found.set(ref, (found.get(ref) ?? new Set()).add(value));
  }
  return found;
}

/** A change as the History tab shows it: its label, its values in words, a word diff for text changed. */
export function describedChange(change: PendingChange, nameOf: ReferenceName): FieldChangeAnswer {
  const { spec } = change;
  const read = (value: unknown) => (spec.ref !== undefined && typeof value === 'string' ? (nameOf(spec.ref, value) ?? value) : spec.read(value));
  const beforeText = change.first ? null : (read(change.before) ?? '');
  const afterText = read(change.after);
  const diff = spec.text && beforeText !== null ? wordDiffInContext(beforeText, afterText ?? '') : null;
  return {
    field: change.field,
    label: spec.label,
    before: change.first ? null : (change.before ?? null),
    after: change.after ?? null,
    beforeText,
    afterText,
    diff,
  };
}
