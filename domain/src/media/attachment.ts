import type { MediaItem, MediaKind } from '@epos/schemas';
import { DomainError, type Decider } from '../decider.js';
import { sentenceDecider } from '../poem/sentence-decider.js';
import type { SentenceEvent, SentenceState } from '../poem/sentence-state.js';

/**
 * A change to one kind of a sentence's media, made on the list as the sentence's stream has it
 * (not as a read model last saw it): the result is the poem's own `SentenceMediaSet` with the whole
 * new list, so attaching, detaching, replacing and reordering are one event each.
 */
export interface MediaListChange {
  mediaKind: MediaKind;
  change: (items: readonly MediaItem[]) => MediaItem[];
}

export function sentenceMediaDecider(sentence: number): Decider<MediaListChange, SentenceEvent, SentenceState> {
  const poem = sentenceDecider(sentence);
  return {
    ...poem,
    decide(command, state) {
      if (state.placement === null) throw new DomainError('not_found', 'The sentence is not in the poem');
      return poem.decide({ kind: 'setMedia', mediaKind: command.mediaKind, items: command.change(state.media[command.mediaKind] ?? []) }, state);
    },
  };
}

const showsUpload = (hash: string) => (item: MediaItem) => item.media === hash || item.url.includes(hash);

/** As many items as a SentenceMediaSet holds of one kind. */
const MAX_ITEMS_OF_A_KIND = 100;

/** Appends the item unless the upload is in the list already. */
export const attach =
  (item: MediaItem) =>
  (items: readonly MediaItem[]): MediaItem[] => {
    if (items.some(showsUpload(item.media ?? item.url))) return [...items];
    if (items.length >= MAX_ITEMS_OF_A_KIND) throw new DomainError('invalid', `A sentence shows at most ${MAX_ITEMS_OF_A_KIND} files of a kind`, 'kind');
    return [...items, item];
  };

/** Removes every item showing the upload. */
export const detach =
  (hash: string) =>
  (items: readonly MediaItem[]): MediaItem[] => {
    if (!items.some(showsUpload(hash))) throw new DomainError('not_found', 'The file is not shown there');
    return items.filter((item) => !showsUpload(hash)(item));
  };

/** Puts `item` where the upload `hash` is shown, keeping its place (and its title when the new item has none). */
export const replace =
  (hash: string, item: MediaItem) =>
  (items: readonly MediaItem[]): MediaItem[] => {
    const at = items.findIndex(showsUpload(hash));
    if (at < 0) throw new DomainError('not_found', 'The file is not shown there');
    const title = item.title ?? items[at]!.title;
    const next = items.map((old, i) => (i === at ? { ...item, ...(title !== undefined ? { title } : {}) } : old));
    return next.filter((candidate, i) => i === at || !showsUpload(item.media ?? item.url)(candidate));
  };
