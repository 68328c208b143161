import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testkit/decider-spec.js';
import { assignRole, type RoleAssignment } from './role-assignment.js';

const userId = '7d5e1c9a-3b2f-4e8d-9a6c-1f0b2d3e4c5a';
const given = (over: Partial<RoleAssignment>): RoleAssignment => ({
  userId,
  role: 'user',
  blogs: [],
  knownBlogs: new Set(['poetry', 'letters']),
  target: { role: 'user', deleted: false },
  admins: 2,
  ...over,
});
const spec = deciderSpec(assignRole);

describe('assigning a role and blogs', () => {
  it('gives a blogger their blogs, and a user none', () => {
    spec.when(given({ role: 'blogger', blogs: ['poetry'] })).then([
      { type: 'RoleAssigned', data: { userId, role: 'blogger' } },
      { type: 'BlogsAssigned', data: { userId, blogs: ['poetry'] } },
    ]);
    spec.when(given({ role: 'user', target: { role: 'blogger', deleted: false } })).then([
      { type: 'RoleAssigned', data: { userId, role: 'user' } },
      { type: 'BlogsAssigned', data: { userId, blogs: [] } },
    ]);
  });

  it('refuses blogs for a user, a blogger without one, and a blog that does not exist', () => {
    spec.when(given({ role: 'user', blogs: ['poetry'] })).thenRefuses('invalid', 'User with role user cannot be assigned any blog');
    spec.when(given({ role: 'blogger', blogs: [] })).thenRefuses('invalid', 'At least one blog is to assigned to blogger');
    spec.when(given({ role: 'admin', blogs: ['nowhere'] })).thenRefuses('invalid', 'There is no blog nowhere');
  });

  it('refuses an unknown or deleted user', () => {
    spec.when(given({ target: null })).thenRefuses('not_found', 'Not Found');
    spec.when(given({ target: { role: 'user', deleted: true } })).thenRefuses('not_found', 'Not Found');
  });

  it('keeps the last administrator an administrator', () => {
    spec.when(given({ target: { role: 'admin', deleted: false }, admins: 1 })).thenRefuses('invalid', 'The last administrator cannot give up the role');
    expect(spec.when(given({ target: { role: 'admin', deleted: false }, admins: 2 })).events()[0]).toEqual({
      type: 'RoleAssigned',
      data: { userId, role: 'user' },
    });
    expect(spec.when(given({ role: 'admin', target: { role: 'admin', deleted: false }, admins: 1 })).events()[0]).toEqual({
      type: 'RoleAssigned',
      data: { userId, role: 'admin' },
    });
  });
});
