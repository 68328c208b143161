import type { RecordedEvent } from '@epos/platform';
import type { HistoryRecord } from '@epos/schemas/admin/events';

const LAYER_DEFINITIONS: ReadonlySet<string> = new Set(['CommentaryLayerDefined', 'CommentaryLayerRemoved']);

/** Whether an event of a shared stream is about the record named (`translation:<lang>`, `layer:<key>`); any event is when none is. */
export function aboutRecord(record: HistoryRecord | undefined): (event: RecordedEvent) => boolean {
  if (record === undefined) return () => true;
  const [kind, value] = record.split(':') as ['translation' | 'layer', string];
  return (event) => {
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (kind === 'translation') return event.type === 'TranslationSet' && data.lang === value;
    return LAYER_DEFINITIONS.has(event.type) ? data.key === value : event.type === 'CantoNoteSet' && data.layer === value;
  };
}
