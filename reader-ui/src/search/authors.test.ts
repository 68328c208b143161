import { describe, expect, it } from 'vitest';
import { authorChoices } from './authors';

describe('author choices', () => {
  it('lists each author of the posts once, by name, keeping the chosen one', () => {
    const posts = [
      { author: 'Zoë', authorId: 'z' },
      { author: 'Anand', authorId: 'a' },
      { author: 'Zoë', authorId: 'z' },
    ];
    expect(authorChoices(posts, null)).toEqual([
      { id: 'a', name: 'Anand' },
      { id: 'z', name: 'Zoë' },
    ]);
    expect(authorChoices([], 'x')).toEqual([{ id: 'x', name: 'The chosen author' }]);
  });
});
