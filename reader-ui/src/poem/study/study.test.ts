import { describe, expect, it } from 'vitest';
import { toNotes, validateNote } from './notes';
import { canGo, initialReading, nextReadUrl, readingLayer, readingReducer, type Reading } from './readings';
import { chooseSpeech, speechText, ttsUrl } from './speech';

describe('chooseSpeech', () => {
  const gb = { lang: 'en-GB', name: 'Google UK English Female', localService: false };
  const gbLocal = { lang: 'en_GB', name: 'espeak en-gb', localService: true };
  const us = { lang: 'en-US', name: 'Samantha', localService: true, default: true };

  it('uses a British browser voice, local voices first', () => {
    expect(chooseSpeech(true, [us, gb])).toEqual({ kind: 'browser', voice: gb });
    expect(chooseSpeech(true, [us, gb, gbLocal])).toEqual({ kind: 'browser', voice: gbLocal });
  });

  it('falls back to the server without synthesis or without a British voice', () => {
    expect(chooseSpeech(false, [gb])).toEqual({ kind: 'server' });
    expect(chooseSpeech(true, [])).toEqual({ kind: 'server' });
    expect(chooseSpeech(true, [us])).toEqual({ kind: 'server' });
  });

  it('speaks the verse as one text, at most 600 characters cut at a word', () => {
    expect(speechText('A line\n  and another ')).toBe('A line and another');
    const long = speechText('word '.repeat(200));
    expect(long.length).toBeLessThanOrEqual(600);
    expect(long.endsWith('word')).toBe(true);
    expect(ttsUrl('a & b?')).toBe('/api/tts?text=a%20%26%20b%3F');
  });
});

describe('readings', () => {
  const layers = [{ key: 'sri' }, { key: 'nirodbaran' }, { key: 'amal' }];
  const commentary = { nirodbaran: 'N', amal: 'A', sri: '  ' };

  it('opens the latest chosen layer that comments on the sentence, else the first that does', () => {
    expect(readingLayer(['layer:amal', 'reason', 'layer:nirodbaran'], layers, commentary)).toBe('nirodbaran');
    expect(readingLayer(['layer:amal', 'layer:sri'], layers, commentary)).toBe('amal'); // sri's entry is blank
    expect(readingLayer(['ipa'], layers, commentary)).toBe('nirodbaran');
    expect(readingLayer([], layers, {})).toBeNull();
    expect(readingLayer([], layers, null)).toBeNull();
  });

  const reading = (Current: number, Prev: number | null, Next: number | null): Reading => ({
    Content: `on ${Current}`,
    Current,
    Prev,
    Next,
    Author: 'A',
    Label: 'L',
  });

  it('walks Previous/Next through nextRead answers', () => {
    let state = initialReading(5);
    expect(canGo(state, 'next')).toBe(false); // still loading
    expect(readingReducer(state, { type: 'go', to: 'next' })).toBe(state);
    state = readingReducer(state, { type: 'loaded', id: 5, reading: reading(5, 3, 8) });
    expect(state.status).toBe('ready');
    expect(canGo(state, 'prev')).toBe(true);
    state = readingReducer(state, { type: 'go', to: 'next' });
    expect(state).toMatchObject({ status: 'loading', id: 8, shown: { Current: 5 } }); // the old reading stays shown
    expect(canGo(state, 'prev')).toBe(false);
    state = readingReducer(state, { type: 'loaded', id: 8, reading: reading(8, 5, null) });
    expect(canGo(state, 'next')).toBe(false);
    expect(readingReducer(state, { type: 'go', to: 'next' })).toBe(state);
  });

  it('ignores late answers and keeps the last reading on failure', () => {
    let state = readingReducer(initialReading(5), { type: 'loaded', id: 5, reading: reading(5, null, 8) });
    state = readingReducer(state, { type: 'go', to: 'next' });
    expect(readingReducer(state, { type: 'loaded', id: 5, reading: reading(5, null, 8) })).toBe(state);
    state = readingReducer(state, { type: 'failed', id: 8, message: 'An error occured' });
    expect(state).toMatchObject({ status: 'failed', id: 8, message: 'An error occured', shown: { Current: 5 } });
    expect(canGo(state, 'prev')).toBe(false);
  });

  it('builds the nextRead address', () => {
    expect(nextReadUrl({ book: 1, canto: 2, section: 3 }, 'sri aurobindo', 12)).toBe('/api/nextRead/1/2/3?forWhom=sri%20aurobindo&id=12');
  });
});

describe('notes', () => {
  it("refuses a blank note with the spec's message", () => {
    expect(validateNote('')).toBe("Textarea can't be blank");
    expect(validateNote(' \n\t ')).toBe("Textarea can't be blank");
    expect(validateNote('A thought')).toBeNull();
    expect(validateNote('x'.repeat(20_001))).toMatch(/at most/);
  });

  it('reads the notes list defensively', () => {
    // A note without its id could be neither edited nor deleted: left out.
    expect(
      toNotes([
        { NoteId: 'n1', Content: 'a', Sentencenumber: 3, Rtype: 'note', savedAt: '2026-01-01T00:00:00Z' },
        { Content: 'no id', Sentencenumber: 3 },
        { nope: 1 },
        null,
      ]),
    ).toEqual([{ NoteId: 'n1', Content: 'a', Sentencenumber: 3, Rtype: 'note', savedAt: '2026-01-01T00:00:00Z' }]);
    expect(toNotes({ error: 'x' })).toEqual([]);
  });
});
