import { describe, expect, it } from 'vitest';
import { sentenceReferences } from './sentence-links';

describe('||n|| references', () => {
  it('splits text at every reference', () => {
    expect(sentenceReferences('See ||12|| and ||3||.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'sentence', n: 12 },
      { kind: 'text', text: ' and ' },
      { kind: 'sentence', n: 3 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves other bars and plain text alone', () => {
    expect(sentenceReferences('a || b ||x||')).toEqual([{ kind: 'text', text: 'a || b ||x||' }]);
    expect(sentenceReferences('')).toEqual([]);
  });
});
