import { describe, expect, it } from 'vitest';
import { hyphenateText } from './hyphenate.js';

describe('hyphenateText', () => {
  it('shows syllable breaks with a middle dot', () => {
    expect(hyphenateText('rising silently')).toBe('ris·ing si·lent·ly');
    expect(hyphenateText('beautiful wandering')).toBe('beau·ti·ful wan·der·ing');
  });

  it('splits short words where the patterns allow', () => {
    expect(hyphenateText('upon into')).toBe('up·on in·to');
  });

  it('never splits monosyllables', () => {
    expect(hyphenateText('The rose came through the hills')).toBe('The rose came through the hills');
  });

  it('keeps punctuation, case, apostrophes and line breaks', () => {
    expect(hyphenateText('The Morning,\nupon the hills.')).toBe('The Morn·ing,\nup·on the hills.');
    expect(hyphenateText("the warrior's father—")).toBe("the war·ri·or's fa·ther—");
  });

  it('leaves no soft hyphens behind and handles empty input', () => {
    expect(hyphenateText('devastation')).toBe('dev·as·ta·tion');
    expect(hyphenateText('devastation')).not.toContain('\u00ad');
    expect(hyphenateText('')).toBe('');
  });
});
