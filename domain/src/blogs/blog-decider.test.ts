import { describe, expect, it } from 'vitest';
import type { BlogEvent } from '@epos/schemas';
import { blogDecider, type BlogCommand } from './blog-decider.js';

const decider = blogDecider('verse');
const created: BlogEvent = { type: 'BlogCreated', data: { blogId: 'verse', title: 'Verse', description: '' } };
const archived: BlogEvent = { type: 'BlogArchived', data: { blogId: 'verse' } };
const when = (events: BlogEvent[], command: Omit<BlogCommand, 'kind'>) => decider.decide({ kind: 'update', ...command }, events.reduce(decider.evolve, decider.initialState));

describe('blog decider', () => {
  it('renames, describes, archives and unarchives, only when something changes', () => {
    expect(when([created], { title: 'Poems' })).toEqual([{ type: 'BlogRenamed', data: { blogId: 'verse', title: 'Poems' } }]);
    expect(when([created], { title: 'Verse' })).toEqual([]);
    expect(when([created], { description: 'New' })).toEqual([{ type: 'BlogDescribed', data: { blogId: 'verse', description: 'New' } }]);
    expect(when([created], { archived: true })).toEqual([archived]);
    expect(when([created, archived], { archived: true })).toEqual([]);
    expect(when([created, archived], { archived: false })).toEqual([{ type: 'BlogUnarchived', data: { blogId: 'verse' } }]);
  });

  it('decides every change of one edit at once, leaving out the fields that stay', () => {
    expect(when([created], { title: 'Poems', description: 'Short ones', archived: true })).toEqual([
      { type: 'BlogRenamed', data: { blogId: 'verse', title: 'Poems' } },
      { type: 'BlogDescribed', data: { blogId: 'verse', description: 'Short ones' } },
      archived,
    ]);
    expect(when([created], { title: 'Verse', description: 'Short ones', archived: false })).toEqual([{ type: 'BlogDescribed', data: { blogId: 'verse', description: 'Short ones' } }]);
    expect(when([created], {})).toEqual([]);
  });

  it('refuses a blog that does not exist', () => {
    expect(() => when([], { title: 'X' })).toThrow('No blog found');
  });
});
