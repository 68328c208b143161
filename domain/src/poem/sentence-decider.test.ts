import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider.js';
import { emptySentence, evolveSentence, type SentenceEvent, type SentenceState } from './sentence-state.js';
import { sentenceDecider } from './sentence-decider.js';

const decider = sentenceDecider(7);
const given = (events: SentenceEvent[]): SentenceState => events.reduce(evolveSentence, decider.initialState);
const placed: SentenceEvent = { type: 'SentencePlaced', data: { sentence: 7, book: 1, canto: 2, section: 1, stanza: 3, order: 'a', joinsPrevious: false, stanzaBreaks: [] } };
const text: SentenceEvent = { type: 'SentenceTextSet', data: { sentence: 7, edition: 'first', lines: ['The lamp was low.'] } };

describe('sentence decider', () => {
  it('refuses changes to a sentence that does not exist', () => {
    expect(() => decider.decide({ kind: 'setField', field: 'motherNote', value: 'x' }, given([]))).toThrow(DomainError);
  });

  it('records a change once, and nothing when the value is the same', () => {
    const state = given([placed, text]);
    const events = decider.decide({ kind: 'setText', edition: 'revised', lines: ['The lamp burned low.'] }, state);
    expect(events).toEqual([{ type: 'SentenceTextSet', data: { sentence: 7, edition: 'revised', lines: ['The lamp burned low.'] } }]);
    expect(decider.decide({ kind: 'setText', edition: 'first', lines: ['The lamp was low.'] }, state)).toEqual([]);
    expect(decider.decide({ kind: 'setField', field: 'motherNote', value: '  ' }, state)).toEqual([]);
  });

  it('never empties the first edition', () => {
    expect(() => decider.decide({ kind: 'setText', edition: 'first', lines: [] }, given([placed, text]))).toThrow("Input can't be blank");
  });

  it('replaces a sentence by the events that differ, in a fixed order', () => {
    const current = given([placed, text, { type: 'CommentarySet', data: { sentence: 7, layer: 'sage', text: 'old' } }]);
    const target: SentenceState = {
      ...emptySentence(7),
      placement: { book: 1, canto: 2, section: 1, stanza: 3, order: 'a', joinsPrevious: false, stanzaBreaks: [] },
      text: { first: ['The lamp was low.'], centenary: ['The lamp was low!'] },
      fields: { reason: 'because' },
      translations: { fr: ['La lampe était basse.'] },
      commentary: { mother: 'new' },
    };
    const events = decider.decide({ kind: 'replace', target }, current);
    expect(events.map((e) => e.type)).toEqual(['SentenceTextSet', 'SentenceFieldSet', 'TranslationSet', 'CommentarySet', 'CommentarySet']);
    expect(events.reduce(evolveSentence, current)).toEqual(target);
    expect(decider.decide({ kind: 'replace', target }, events.reduce(evolveSentence, current))).toEqual([]);
  });
});

describe('sentence decider: console edits and restores', () => {
  it('decides several edits as one change, each on the state the previous left', () => {
    const state = given([placed, text]);
    const events = decider.decide(
      { kind: 'edit', commands: [{ kind: 'setField', field: 'reason', value: 'Why' }, { kind: 'setField', field: 'reason', value: 'Why' }, { kind: 'setText', edition: 'first', lines: ['New.'] }] },
      state,
    );
    expect(events.map((e) => e.type)).toEqual(['SentenceFieldSet', 'SentenceTextSet']);
    expect(() => decider.decide({ kind: 'edit', commands: [{ kind: 'setText', edition: 'first', lines: null }] }, state)).toThrow("Input can't be blank");
  });

  it('restores every part of an earlier state but leaves the sentence where it stands', () => {
    const earlier = given([placed, text]);
    const moved: SentenceEvent = { type: 'SentencePlaced', data: { ...(placed.data as Extract<SentenceEvent, { type: 'SentencePlaced' }>['data']), section: 2 } };
    const now = given([placed, text, moved, { type: 'SentenceTextSet', data: { sentence: 7, edition: 'first', lines: ['Changed.'] } }, { type: 'SentenceFieldSet', data: { sentence: 7, field: 'reason', value: 'Why' } }]);
    const events = decider.decide({ kind: 'restore', target: earlier }, now);
    expect(events).toEqual([
      { type: 'SentenceTextSet', data: { sentence: 7, edition: 'first', lines: ['The lamp was low.'] } },
      { type: 'SentenceFieldSet', data: { sentence: 7, field: 'reason', value: null } },
    ]);
    expect(events.reduce(evolveSentence, now).placement?.section).toBe(2);
    expect(() => decider.decide({ kind: 'restore', target: earlier }, emptySentence(7))).toThrow(DomainError);
  });
});
