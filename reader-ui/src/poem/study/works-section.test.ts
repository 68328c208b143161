import { describe, expect, it } from 'vitest';
import { layersWithWork, workLink, workSectionUrl } from './works-section';

describe('user works', () => {
  it('lists the layers with work on the sentence, in the section order', () => {
    expect(layersWithWork({ sage: 'Text', mother: 'More', empty: '  ' }, ['mother', 'sage'])).toEqual(['mother', 'sage']);
    expect(layersWithWork({ b: 'x', a: 'y' }, ['a'])).toEqual(['a', 'b']);
    expect(layersWithWork(null)).toEqual([]);
  });

  it('asks for each layer', () => {
    expect(workSectionUrl('sage', 12)).toBe('/api/worksection/sage/12');
  });

  it('links inside the site, out to http(s), and never to other schemes', () => {
    expect(workLink('/12')).toEqual({ kind: 'internal', href: '/12' });
    expect(workLink('https://example.org/a')).toEqual({ kind: 'external', href: 'https://example.org/a' });
    expect(workLink('javascript:alert(1)')).toBeNull();
    expect(workLink('//evil.example')).toBeNull();
    expect(workLink('')).toBeNull();
  });
});
