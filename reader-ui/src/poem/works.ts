import type { Layer, Line } from './api';
import type { WorksOption } from './reading';

/** A "Works on …" option: a commentary layer, or one of the per-sentence fields. */
export interface WorksEntry extends WorksOption {
  /** Who wrote it (layers only). */
  readonly author?: string;
}

const LAYER_PREFIX = 'layer:';

/** The dropdown's options: the commentary layers (data), then Reason and IPA. */
export function worksOptions(layers: readonly Layer[]): WorksEntry[] {
  return [
    ...layers.map((layer) => ({ key: `${LAYER_PREFIX}${layer.key}`, label: layer.label, author: layer.author })),
    { key: 'reason', label: 'Reason' },
    { key: 'ipa', label: 'IPA' },
  ];
}

/** What an option shows under a sentence, or null when the sentence has none. */
export function worksText(line: Line, key: string): string | null {
  let text: string | null | undefined;
  if (key.startsWith(LAYER_PREFIX)) text = line.commentary?.[key.slice(LAYER_PREFIX.length)];
  else if (key === 'reason') text = line.Reason;
  else if (key === 'ipa') text = line.ipa_first;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}
