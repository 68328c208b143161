import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testkit/decider-spec.js';
import { emptySentence, type SentenceEvent, type SentenceState } from './sentence-state.js';
import { sentenceDecider } from './sentence-decider.js';

const spec = deciderSpec(sentenceDecider(7));
const placed: SentenceEvent = {
  type: 'SentencePlaced',
  data: { sentence: 7, book: 1, canto: 2, section: 1, stanza: 3, order: 'a', joinsPrevious: false, stanzaBreaks: [] },
};
const text: SentenceEvent = { type: 'SentenceTextSet', data: { sentence: 7, edition: 'first', lines: ['The lamp was low.'] } };

describe('sentence decider', () => {
  it('refuses changes to a sentence that does not exist', () => {
    spec.when({ kind: 'setField', field: 'motherNote', value: 'x' }).thenRefuses('not_found');
  });

  it('records a change once, and nothing when the value is the same', () => {
    const state = spec.given([placed, text]);
    state
      .when({ kind: 'setText', edition: 'revised', lines: ['The lamp burned low.'] })
      .then([{ type: 'SentenceTextSet', data: { sentence: 7, edition: 'revised', lines: ['The lamp burned low.'] } }]);
    state.when({ kind: 'setText', edition: 'first', lines: ['The lamp was low.'] }).thenNothing();
    state.when({ kind: 'setField', field: 'motherNote', value: '  ' }).thenNothing();
  });

  it('never empties the first edition', () => {
    spec.given([placed, text]).when({ kind: 'setText', edition: 'first', lines: [] }).thenRefuses('invalid', "Input can't be blank");
  });

  it('replaces a sentence by the events that differ, in a fixed order', () => {
    const current: SentenceEvent[] = [placed, text, { type: 'CommentarySet', data: { sentence: 7, layer: 'sage', text: 'old' } }];
    const target: SentenceState = {
      ...emptySentence(7),
      placement: { book: 1, canto: 2, section: 1, stanza: 3, order: 'a', joinsPrevious: false, stanzaBreaks: [] },
      text: { first: ['The lamp was low.'], centenary: ['The lamp was low!'] },
      fields: { reason: 'because' },
      translations: { fr: ['La lampe était basse.'] },
      commentary: { mother: 'new' },
    };
    const events = spec.given(current).when({ kind: 'replace', target }).events();
    expect(events.map((e) => e.type)).toEqual(['SentenceTextSet', 'SentenceFieldSet', 'TranslationSet', 'CommentarySet', 'CommentarySet']);
    expect(spec.given([...current, ...events]).state()).toEqual(target);
    spec
      .given([...current, ...events])
      .when({ kind: 'replace', target })
      .thenNothing();
  });
});

describe('sentence decider: console edits and restores', () => {
  it('decides several edits as one change, each on the state the previous left', () => {
    const state = spec.given([placed, text]);
    const events = state
      .when({
        kind: 'edit',
        commands: [
          { kind: 'setField', field: 'reason', value: 'Why' },
          { kind: 'setField', field: 'reason', value: 'Why' },
          { kind: 'setText', edition: 'first', lines: ['New.'] },
        ],
      })
      .events();
    expect(events.map((e) => e.type)).toEqual(['SentenceFieldSet', 'SentenceTextSet']);
    state.when({ kind: 'edit', commands: [{ kind: 'setText', edition: 'first', lines: null }] }).thenRefuses('invalid', "Input can't be blank");
  });

  it('restores every part of an earlier state but leaves the sentence where it stands', () => {
    const earlier = spec.given([placed, text]).state();
    const moved: SentenceEvent = {
      type: 'SentencePlaced',
      data: { ...(placed.data as Extract<SentenceEvent, { type: 'SentencePlaced' }>['data']), section: 2 },
    };
    const now: SentenceEvent[] = [
      placed,
      text,
      moved,
      { type: 'SentenceTextSet', data: { sentence: 7, edition: 'first', lines: ['Changed.'] } },
      { type: 'SentenceFieldSet', data: { sentence: 7, field: 'reason', value: 'Why' } },
    ];
    const events = spec.given(now).when({ kind: 'restore', target: earlier }).events();
    expect(events).toEqual([
      { type: 'SentenceTextSet', data: { sentence: 7, edition: 'first', lines: ['The lamp was low.'] } },
      { type: 'SentenceFieldSet', data: { sentence: 7, field: 'reason', value: null } },
    ]);
    expect(spec.given([...now, ...events]).state().placement?.section).toBe(2);
    spec.when({ kind: 'restore', target: earlier }).thenRefuses('not_found');
  });
});
