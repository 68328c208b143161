import { isDeepStrictEqual } from 'node:util';
import { DomainError, type Decider } from '../decider.js';
import {
  editions,
  languages,
  mediaKinds,
  sentenceFields,
  type Edition,
  type Language,
  type MediaItem,
  type MediaKind,
  type SentenceField,
  type WordRelation,
} from '@epos/schemas';
import { emptySentence, evolveSentence, type Placement, type SentenceEvent, type SentenceState } from './sentence-state.js';

export type SentenceCommand =
  | { kind: 'place'; placement: Placement }
  | { kind: 'withdraw' }
  | { kind: 'setText'; edition: Edition; lines: string[] | null }
  | { kind: 'setField'; field: SentenceField; value: string | null }
  | { kind: 'setTranslation'; lang: Language; lines: string[] | null }
  | { kind: 'setMedia'; mediaKind: MediaKind; items: MediaItem[] }
  | { kind: 'setRelations'; relations: WordRelation[] }
  | { kind: 'setCommentary'; layer: string; text: string | null }
  /** Make the sentence equal to `target` (an import): one event per part that differs. */
  | { kind: 'replace'; target: SentenceState }
  /** Several edits as one change (the console's save): each decided on the state the previous left. */
  | { kind: 'edit'; commands: readonly SentenceCommand[] }
  /** Set every part back to an earlier state of the sentence, leaving it where it stands in the poem. */
  | { kind: 'restore'; target: SentenceState };

const same = (a: unknown, b: unknown) => isDeepStrictEqual(a ?? null, b ?? null);
const nonEmpty = <T>(list: T[] | null | undefined): T[] | null => (list && list.length > 0 ? list : null);

/** Every change to a sentence, each an event only when it changes something. */
export function sentenceDecider(sentence: number): Decider<SentenceCommand, SentenceEvent, SentenceState> {
  return {
    initialState: emptySentence(sentence),
    evolve: evolveSentence,
    decide(command, state) {
      if (command.kind === 'replace') return replace(state, command.target);
      if (command.kind === 'restore') {
        if (!state.placement) throw new DomainError('not_found', 'Not Found');
        return replace(state, { ...command.target, placement: state.placement });
      }
      if (command.kind === 'edit') return inOrder(state, command.commands);
      if (command.kind === 'place') {
        return same(state.placement, command.placement) ? [] : [{ type: 'SentencePlaced', data: { sentence, ...command.placement } }];
      }
      if (!state.placement) throw new DomainError('not_found', 'Not Found');
      switch (command.kind) {
        case 'withdraw':
          return [{ type: 'SentenceWithdrawn', data: { sentence } }];
        case 'setText':
          if (command.edition === 'first' && !nonEmpty(command.lines)) throw new DomainError('invalid', "Input can't be blank", 'lines');
          return same(state.text[command.edition], nonEmpty(command.lines))
            ? []
            : [{ type: 'SentenceTextSet', data: { sentence, edition: command.edition, lines: nonEmpty(command.lines) } }];
        case 'setField': {
          const value = command.value === null || command.value.trim() === '' ? null : command.value;
          return same(state.fields[command.field], value) ? [] : [{ type: 'SentenceFieldSet', data: { sentence, field: command.field, value } }];
        }
        case 'setTranslation':
          return same(state.translations[command.lang], nonEmpty(command.lines))
            ? []
            : [{ type: 'TranslationSet', data: { sentence, lang: command.lang, lines: nonEmpty(command.lines) } }];
        case 'setMedia':
          return same(state.media[command.mediaKind] ?? [], command.items)
            ? []
            : [{ type: 'SentenceMediaSet', data: { sentence, kind: command.mediaKind, items: command.items } }];
        case 'setRelations':
          return same(state.relations, command.relations) ? [] : [{ type: 'WordRelationsSet', data: { sentence, relations: command.relations } }];
        case 'setCommentary': {
          const text = command.text === null || command.text.trim() === '' ? null : command.text;
          return same(state.commentary[command.layer], text) ? [] : [{ type: 'CommentarySet', data: { sentence, layer: command.layer, text } }];
        }
      }
    },
  };
}

function inOrder(state: SentenceState, commands: readonly SentenceCommand[]): SentenceEvent[] {
  const decider = sentenceDecider(state.id);
  const events: SentenceEvent[] = [];
  let current = state;
  for (const command of commands) {
    for (const event of decider.decide(command, current)) {
      events.push(event);
      current = evolveSentence(current, event);
    }
  }
  return events;
}

function replace(state: SentenceState, target: SentenceState): SentenceEvent[] {
  const commands: SentenceCommand[] = [];
  if (target.placement) commands.push({ kind: 'place', placement: target.placement });
  for (const edition of editions) commands.push({ kind: 'setText', edition, lines: target.text[edition] ?? null });
  for (const field of sentenceFields) commands.push({ kind: 'setField', field, value: target.fields[field] ?? null });
  for (const lang of languages) commands.push({ kind: 'setTranslation', lang, lines: target.translations[lang] ?? null });
  for (const mediaKind of mediaKinds) commands.push({ kind: 'setMedia', mediaKind, items: target.media[mediaKind] ?? [] });
  commands.push({ kind: 'setRelations', relations: target.relations });
  for (const layer of new Set([...Object.keys(state.commentary), ...Object.keys(target.commentary)])) {
    commands.push({ kind: 'setCommentary', layer, text: target.commentary[layer] ?? null });
  }
  return inOrder(state, commands);
}
