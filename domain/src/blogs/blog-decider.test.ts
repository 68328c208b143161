import { describe, it } from 'vitest';
import type { BlogEvent } from '@epos/schemas';
import { deciderSpec } from '../testkit/decider-spec.js';
import { blogDecider, type BlogCommand } from './blog-decider.js';

const spec = deciderSpec(blogDecider('verse'));
const created: BlogEvent = { type: 'BlogCreated', data: { blogId: 'verse', title: 'Verse', description: '' } };
const archived: BlogEvent = { type: 'BlogArchived', data: { blogId: 'verse' } };
const update = (command: Omit<BlogCommand, 'kind'>): BlogCommand => ({ kind: 'update', ...command });

describe('blog decider', () => {
  it('renames, describes, archives and unarchives, only when something changes', () => {
    spec
      .given([created])
      .when(update({ title: 'Poems' }))
      .then([{ type: 'BlogRenamed', data: { blogId: 'verse', title: 'Poems' } }]);
    spec
      .given([created])
      .when(update({ title: 'Verse' }))
      .thenNothing();
    spec
      .given([created])
      .when(update({ description: 'New' }))
      .then([{ type: 'BlogDescribed', data: { blogId: 'verse', description: 'New' } }]);
    spec
      .given([created])
      .when(update({ archived: true }))
      .then([archived]);
    spec
      .given([created, archived])
      .when(update({ archived: true }))
      .thenNothing();
    spec
      .given([created, archived])
      .when(update({ archived: false }))
      .then([{ type: 'BlogUnarchived', data: { blogId: 'verse' } }]);
  });

  it('decides every change of one edit at once, leaving out the fields that stay', () => {
    spec
      .given([created])
      .when(update({ title: 'Poems', description: 'Short ones', archived: true }))
      .then([
        { type: 'BlogRenamed', data: { blogId: 'verse', title: 'Poems' } },
        { type: 'BlogDescribed', data: { blogId: 'verse', description: 'Short ones' } },
        archived,
      ]);
    spec
      .given([created])
      .when(update({ title: 'Verse', description: 'Short ones', archived: false }))
      .then([{ type: 'BlogDescribed', data: { blogId: 'verse', description: 'Short ones' } }]);
    spec.given([created]).when(update({})).thenNothing();
  });

  it('refuses a blog that does not exist', () => {
    spec.when(update({ title: 'X' })).thenRefuses('not_found', 'No blog found');
  });
});
