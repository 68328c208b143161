import { describe, expect, it } from 'vitest';
import type { SuggestionEvent } from '@epos/schemas';
import { deciderSpec } from '../testkit/decider-spec.js';
import { CHANGED_SINCE, suggestionDecider } from './suggestion-decider.js';

const id = '0b5c2a57-3f0e-4c55-9d1e-8f1c2a3b4c5d';
const suggester = '7d4e9a10-1b2c-4d3e-8f40-5a6b7c8d9e0f';
const spec = deciderSpec(suggestionDecider);
const suggestion = { sentence: 3, part: 'tr-fr' as const, basedOn: 'La lampe.', proposed: 'La lampe basse.', suggester };
const made: SuggestionEvent = { type: 'SuggestionMade', data: { suggestionId: id, ...suggestion, reason: null } };

describe('suggestion decider', () => {
  it('records a suggestion, refusing a blank one or one that changes nothing, naming the field', () => {
    spec.when({ kind: 'make', suggestionId: id, suggestion, reason: null }).then([made]);
    expect(spec.when({ kind: 'make', suggestionId: id, suggestion: { ...suggestion, proposed: 'La lampe.' }, reason: null }).thenRefuses('invalid').field).toBe(
      'proposed',
    );
    spec.when({ kind: 'make', suggestionId: id, suggestion: { ...suggestion, proposed: '  ' }, reason: null }).thenRefuses('invalid');
  });

  it('accepts an open suggestion only while the text is still the one it was based on', () => {
    const open = spec.given([made]);
    open
      .when({ kind: 'accept', suggestionId: id, current: 'La lampe.' })
      .then([{ type: 'SuggestionAccepted', data: { suggestionId: id, sentence: 3, part: 'tr-fr', suggester } }]);
    open.when({ kind: 'accept', suggestionId: id, current: 'Autre.' }).thenRefuses('conflict', CHANGED_SINCE);
  });

  it('declines with a reason, once; an unknown suggestion is not found', () => {
    const open = spec.given([made]);
    expect(open.when({ kind: 'decline', suggestionId: id, reason: ' ' }).thenRefuses('invalid').field).toBe('reason');
    const [declined] = open.when({ kind: 'decline', suggestionId: id, reason: ' Not in the source. ' }).events();
    expect(declined).toEqual({ type: 'SuggestionDeclined', data: { suggestionId: id, sentence: 3, part: 'tr-fr', suggester, reason: 'Not in the source.' } });
    spec
      .given([made, declined!])
      .when({ kind: 'accept', suggestionId: id, current: 'La lampe.' })
      .thenRefuses('conflict', 'This suggestion was already declined.');
    spec.when({ kind: 'decline', suggestionId: id, reason: 'x' }).thenRefuses('not_found');
  });
});
