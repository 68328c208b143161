import { describe, expect, it } from 'vitest';
import { roleSchema } from './events.js';
import { allows, permissions } from './permissions.js';

describe('the permission table', () => {
  it('lets only those who may edit the poem review suggestions (accepting one appends the edit)', () => {
    for (const role of roleSchema.options) {
      if (allows(permissions['suggestions.review'], role)) expect(allows(permissions['poem.edit'], role), role).toBe(true);
    }
  });

  it('tells anyone, signed-in readers and listed roles apart', () => {
    expect(allows(permissions['accounts.login'], null)).toBe(true);
    expect(allows(permissions['notes.save'], null)).toBe(false);
    expect(allows(permissions['notes.save'], 'user')).toBe(true);
    expect(allows(permissions['poem.edit'], 'blogger')).toBe(false);
    expect(allows(permissions['poem.edit'], 'admin')).toBe(true);
  });
});
