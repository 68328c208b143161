import { describe, expect, it } from 'vitest';
import type { Line } from './api';
import { isLineField, memoriseLine, studyLayerSource, studyLayerText } from './study-layers';

describe('Memorise', () => {
  it('keeps the first letter of each word', () => {
    expect(memoriseLine('O Lamp of Evening')).toBe('O L___ o_ E______');
  });

  it('keeps spaces and punctuation, inner apostrophes and hyphens', () => {
    expect(memoriseLine('“Don’t go,” the sun-lit one said!')).toBe('“D__’_ g_,” t__ s__-l__ o__ s___!');
    expect(memoriseLine('Ô âme')).toBe('Ô â__');
    expect(memoriseLine('')).toBe('');
  });
});

describe('per-line options', () => {
  const line = {
    lineNumber: 2,
    stanzaNumber: 1,
    lines: 'x',
    lineScantion: 'x / | x /',
    Hyphenated: 'eve·ning',
    pronouns: '  ',
    ipa_first: 'ˈiːvnɪŋ',
    sources: { lineScantion: 'imported', Hyphenated: 'computed', pronouns: 'computed', ipa_first: null },
  } as Line;

  it('shows scansion, hyphenation and pronouns from their fields, nothing for a blank one', () => {
    expect(studyLayerText(line, 'scansion')).toBe('x / | x /');
    expect(studyLayerText(line, 'hyphenation')).toBe('eve·ning');
    expect(studyLayerText(line, 'pronouns')).toBeNull();
    expect(studyLayerText(line, 'ipa')).toBe('ˈiːvnɪŋ');
  });

  it('knows which options are kept per verse line and whether they were computed', () => {
    expect(['ipa', 'scansion', 'hyphenation', 'pronouns', 'reason', 'counts', 'layer:x', 'toString'].filter(isLineField)).toEqual([
      'ipa',
      'scansion',
      'hyphenation',
      'pronouns',
    ]);
    expect(studyLayerSource(line, 'scansion')).toBe('imported');
    expect(studyLayerSource(line, 'hyphenation')).toBe('computed');
    expect(studyLayerSource(line, 'ipa')).toBeNull();
    expect(studyLayerSource(line, 'reason')).toBeNull();
  });
});
