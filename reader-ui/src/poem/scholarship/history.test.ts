import { describe, expect, it } from 'vitest';
import { actorLabel, diffSegments, formatWhen, hasChanges, partLabel } from './history';

describe('partLabel', () => {
  it('names the parts a reader sees', () => {
    expect(partLabel('text:first')).toBe('First edition text');
    expect(partLabel('text:centenary')).toBe('Centenary edition text');
    expect(partLabel('text:revised')).toBe('Revised edition text');
    expect(partLabel('translation:fr')).toBe('French translation');
    expect(partLabel('translation:zh')).toBe('Chinese translation');
    expect(partLabel('commentary:sage')).toBe('Commentary (sage)');
    expect(partLabel('placement')).toBe('Place in the poem');
    expect(partLabel('number')).toBe('Number');
    expect(partLabel('split')).toBe('Split');
    expect(partLabel('relations')).toBe('Word relations');
    expect(partLabel('field:reason')).toBe('Reason');
    expect(partLabel('field:sanskritTransliteration')).toBe('Sanskrit transliteration');
    expect(partLabel('media:audio')).toBe('Audio');
  });

  it('reads unknown parts humanised rather than failing', () => {
    expect(partLabel('translation:xx')).toBe('Translation (xx)');
    expect(partLabel('field:someNewField')).toBe('Some new field');
    expect(partLabel('stanzaBreak')).toBe('Stanza break');
    expect(partLabel('media:film')).toBe('Media (film)');
  });
});

describe('diffSegments', () => {
  it('keeps the order, drops empty parts and merges neighbours of a kind', () => {
    expect(
      diffSegments([
        { op: 'equal', text: 'A silver thread that something in the ' },
        { op: 'delete', text: 'night' },
        { op: 'delete', text: '' },
        { op: 'insert', text: 'east' },
        { op: 'equal', text: '\nWas ' },
        { op: 'equal', text: 'winding' },
      ]),
    ).toEqual([
      { kind: 'equal', text: 'A silver thread that something in the ' },
      { kind: 'delete', text: 'night' },
      { kind: 'insert', text: 'east' },
      { kind: 'equal', text: '\nWas winding' },
    ]);
  });

  it('without a diff, reads before → after as a deletion and an insertion', () => {
    expect(diffSegments(null, 'old', 'new')).toEqual([
      { kind: 'delete', text: 'old' },
      { kind: 'insert', text: 'new' },
    ]);
    expect(diffSegments(null, null, 'first text')).toEqual([{ kind: 'insert', text: 'first text' }]);
    expect(diffSegments(null)).toEqual([]);
  });

  it('tells whether anything changed', () => {
    expect(hasChanges(diffSegments([{ op: 'equal', text: 'same' }]))).toBe(false);
    expect(hasChanges(diffSegments([{ op: 'insert', text: 'x' }]))).toBe(true);
  });
});

describe('formatWhen and actorLabel', () => {
  it('formats a time readably in the given locale and zone', () => {
    expect(formatWhen('2026-11-21T17:55:33.634Z', 'en-GB', 'UTC')).toBe('21st Nov 26, 17:55');
  });
  it('shows an unparseable time as it is', () => {
    expect(formatWhen('yesterday')).toBe('yesterday');
  });
  it('names the importer', () => {
    expect(actorLabel({ actor: 'system', actorName: 'system' })).toBe('System (import)');
    expect(actorLabel({ actor: 'importer', actorName: 'importer' })).toBe('Importer');
    // A person by the name the server gives, never by their id.
    expect(actorLabel({ actor: '0b6f4a2e-7d1c-4f3a-9a51-3c2e8d4b1f00', actorName: 'Anna Karenina' })).toBe('Anna Karenina');
    expect(actorLabel({ actor: '0b6f4a2e-7d1c-4f3a-9a51-3c2e8d4b1f00', actorName: 'deleted user' })).toBe('deleted user');
    expect(actorLabel({ actor: '0b6f4a2e-7d1c-4f3a-9a51-3c2e8d4b1f00', actorName: 'Ann', suggestedByName: 'Ben' })).toBe('Ann (suggested by Ben)');
  });
});
