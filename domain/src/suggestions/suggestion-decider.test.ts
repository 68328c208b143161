import { describe, expect, it } from 'vitest';
import type { SuggestionEvent } from '@epos/schemas';
import { DomainError } from '../decider.js';
import { CHANGED_SINCE, suggestionDecider, type SuggestionState } from './suggestion-decider.js';

const id = '0b5c2a57-3f0e-4c55-9d1e-8f1c2a3b4c5d';
const suggester = '7d4e9a10-1b2c-4d3e-8f40-5a6b7c8d9e0f';
const given = (events: SuggestionEvent[]): SuggestionState => events.reduce(suggestionDecider.evolve, suggestionDecider.initialState);
const suggestion = { sentence: 3, part: 'tr-fr' as const, basedOn: 'La lampe.', proposed: 'La lampe basse.', suggester };
const made: SuggestionEvent = { type: 'SuggestionMade', data: { suggestionId: id, ...suggestion, reason: null } };

describe('suggestion decider', () => {
  it('records a suggestion, refusing a blank one or one that changes nothing, naming the field', () => {
    expect(suggestionDecider.decide({ kind: 'make', suggestionId: id, suggestion, reason: null }, given([]))).toEqual([made]);
    const same = () => suggestionDecider.decide({ kind: 'make', suggestionId: id, suggestion: { ...suggestion, proposed: 'La lampe.' }, reason: null }, given([]));
    expect(same).toThrow(expect.objectContaining({ kind: 'invalid', field: 'proposed' }) as Error);
    expect(() => suggestionDecider.decide({ kind: 'make', suggestionId: id, suggestion: { ...suggestion, proposed: '  ' }, reason: null }, given([]))).toThrow(DomainError);
  });

  it('accepts an open suggestion only while the text is still the one it was based on', () => {
    const open = given([made]);
    expect(suggestionDecider.decide({ kind: 'accept', suggestionId: id, current: 'La lampe.' }, open)).toEqual([
      { type: 'SuggestionAccepted', data: { suggestionId: id, sentence: 3, part: 'tr-fr', suggester } },
    ]);
    expect(() => suggestionDecider.decide({ kind: 'accept', suggestionId: id, current: 'Autre.' }, open)).toThrow(CHANGED_SINCE);
  });

  it('declines with a reason, once; an unknown suggestion is not found', () => {
    const open = given([made]);
    expect(() => suggestionDecider.decide({ kind: 'decline', suggestionId: id, reason: ' ' }, open)).toThrow(expect.objectContaining({ field: 'reason' }) as Error);
    const [declined] = suggestionDecider.decide({ kind: 'decline', suggestionId: id, reason: ' Not in the source. ' }, open);
    expect(declined).toEqual({ type: 'SuggestionDeclined', data: { suggestionId: id, sentence: 3, part: 'tr-fr', suggester, reason: 'Not in the source.' } });
    const closed = given([made, declined!]);
    expect(() => suggestionDecider.decide({ kind: 'accept', suggestionId: id, current: 'La lampe.' }, closed)).toThrow('This suggestion was already declined.');
    expect(() => suggestionDecider.decide({ kind: 'decline', suggestionId: id, reason: 'x' }, given([]))).toThrow(expect.objectContaining({ kind: 'not_found' }) as Error);
  });
});
