import { describe, expect, it } from 'vitest';
import { safeEmbed, safeLink, sentencesOf, typeOfSlug, worksPaths } from './paths';

describe('works paths', () => {
  it("names the pages by readers' words and reads them back", () => {
    expect(worksPaths.byType('text')).toBe('/works/annotations');
    expect(typeOfSlug('annotations')).toBe('text');
    expect(typeOfSlug('video')).toBe('video');
    expect(typeOfSlug('text')).toBeNull();
    expect(worksPaths.profile('a b')).toBe('/works/by/a%20b');
    expect(sentencesOf('3,4')).toEqual([3, 4]);
  });

  it('embeds only youtube-nocookie.com frames by id and links only https or uploaded files', () => {
    expect(safeEmbed('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    for (const url of [
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      'javascript:alert(1)',
      'https://evil.example/embed/dQw4w9WgXcQ',
      null,
    ])
      expect(safeEmbed(url)).toBeNull();
    expect(safeLink('https://example.org/a.pdf')).toBe('https://example.org/a.pdf');
    expect(safeLink(`/media/files/${'a'.repeat(64)}.mp3`)).not.toBeNull();
    for (const url of ['javascript:alert(1)', 'http://example.org', '//evil.example/x', 'data:text/html,x']) expect(safeLink(url)).toBeNull();
  });
});
