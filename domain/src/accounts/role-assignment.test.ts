import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider.js';
import { assignRole, type RoleAssignment } from './role-assignment.js';

const userId = '7d5e1c9a-3b2f-4e8d-9a6c-1f0b2d3e4c5a';
const given = (over: Partial<RoleAssignment>): RoleAssignment => ({ userId, role: 'user', blogs: [], knownBlogs: new Set(['poetry', 'letters']), target: { role: 'user', deleted: false }, admins: 2, ...over });
const refusal = (command: RoleAssignment) => {
  try {
    assignRole(command);
  } catch (error) {
    if (error instanceof DomainError) return [error.kind, error.message];
  }
  return null;
};

describe('assigning a role and blogs', () => {
  it('gives a blogger their blogs, and a user none', () => {
    expect(assignRole(given({ role: 'blogger', blogs: ['poetry'] }))).toEqual([
      { type: 'RoleAssigned', data: { userId, role: 'blogger' } },
      { type: 'BlogsAssigned', data: { userId, blogs: ['poetry'] } },
    ]);
    expect(assignRole(given({ role: 'user', target: { role: 'blogger', deleted: false } }))).toEqual([
      { type: 'RoleAssigned', data: { userId, role: 'user' } },
      { type: 'BlogsAssigned', data: { userId, blogs: [] } },
    ]);
  });

  it('refuses blogs for a user, a blogger without one, and a blog that does not exist', () => {
    expect(refusal(given({ role: 'user', blogs: ['poetry'] }))).toEqual(['invalid', 'User with role user cannot be assigned any blog']);
    expect(refusal(given({ role: 'blogger', blogs: [] }))).toEqual(['invalid', 'At least one blog is to assigned to blogger']);
    expect(refusal(given({ role: 'admin', blogs: ['nowhere'] }))).toEqual(['invalid', 'There is no blog nowhere']);
  });

  it('refuses an unknown or deleted user', () => {
    expect(refusal(given({ target: null }))).toEqual(['not_found', 'Not Found']);
    expect(refusal(given({ target: { role: 'user', deleted: true } }))).toEqual(['not_found', 'Not Found']);
  });

  it('keeps the last administrator an administrator', () => {
    expect(refusal(given({ target: { role: 'admin', deleted: false }, admins: 1 }))).toEqual(['invalid', 'The last administrator cannot give up the role']);
    expect(assignRole(given({ target: { role: 'admin', deleted: false }, admins: 2 }))[0]).toEqual({ type: 'RoleAssigned', data: { userId, role: 'user' } });
    expect(assignRole(given({ role: 'admin', target: { role: 'admin', deleted: false }, admins: 1 }))[0]).toEqual({ type: 'RoleAssigned', data: { userId, role: 'admin' } });
  });
});
