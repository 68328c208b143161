import { describe, expect, it } from 'vitest';
import type { BlogEvent } from '@epos/schemas';
import { blogDecider, type BlogCommand } from './blog-decider.js';

const decider = blogDecider('verse');
const created: BlogEvent = { type: 'BlogCreated', data: { blogId: 'verse', title: 'Verse', description: '' } };
const when = (events: BlogEvent[], command: BlogCommand) => decider.decide(command, events.reduce(decider.evolve, decider.initialState));

describe('blog decider', () => {
  it('renames, describes, archives and unarchives, only when something changes', () => {
    expect(when([created], { kind: 'rename', title: 'Poems' })).toEqual([{ type: 'BlogRenamed', data: { blogId: 'verse', title: 'Poems' } }]);
    expect(when([created], { kind: 'rename', title: 'Verse' })).toEqual([]);
    expect(when([created], { kind: 'describe', description: 'New' })).toEqual([{ type: 'BlogDescribed', data: { blogId: 'verse', description: 'New' } }]);
    const archived: BlogEvent = { type: 'BlogArchived', data: { blogId: 'verse' } };
    expect(when([created], { kind: 'archive', archived: true })).toEqual([archived]);
    expect(when([created, archived], { kind: 'archive', archived: true })).toEqual([]);
    expect(when([created, archived], { kind: 'archive', archived: false })).toEqual([{ type: 'BlogUnarchived', data: { blogId: 'verse' } }]);
  });

  it('refuses a blog that does not exist', () => {
    expect(() => when([], { kind: 'rename', title: 'X' })).toThrow('No blog found');
  });
});
