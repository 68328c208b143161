import { describe, it } from 'vitest';
import { deciderSpec } from '../testkit/decider-spec.js';
import { blogDecider } from './blog-decider.js';

const spec = deciderSpec(blogDecider('poetry'));
const created = { type: 'BlogCreated', data: { blogId: 'poetry', title: 'Poetry', description: 'Verse' } } as const;

describe('creating a blog', () => {
  it('creates it under its slug', () => {
    spec.given([]).when({ kind: 'create', title: 'Poetry', description: 'Verse' }).then([created]);
  });

  it('refuses a slug that has a blog', () => {
    spec.given([created]).when({ kind: 'create', title: 'Other', description: '' }).thenRefuses('conflict', 'slug: there is already a blog poetry');
  });
});
