import { describe, expect, it } from 'vitest';
import { layersWithCommentary, commentaryLink, workSectionUrl } from './commentary-section';

describe('commentary sections', () => {
  it('lists the layers with work on the sentence, in the section order', () => {
    expect(layersWithCommentary({ sage: 'Text', mother: 'More', empty: '  ' }, ['mother', 'sage'])).toEqual(['mother', 'sage']);
    expect(layersWithCommentary({ b: 'x', a: 'y' }, ['a'])).toEqual(['a', 'b']);
    expect(layersWithCommentary(null)).toEqual([]);
  });

  it('asks for each layer', () => {
    expect(workSectionUrl('sage', 12)).toBe('/api/worksection/sage/12');
  });

  it('links inside the site, out to http(s), and never to other schemes', () => {
    expect(commentaryLink('/12')).toEqual({ kind: 'internal', href: '/12' });
    expect(commentaryLink('https://example.org/a')).toEqual({ kind: 'external', href: 'https://example.org/a' });
    expect(commentaryLink('javascript:alert(1)')).toBeNull();
    expect(commentaryLink('//evil.example')).toBeNull();
    expect(commentaryLink('')).toBeNull();
  });
});
