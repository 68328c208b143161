import { describe, it } from 'vitest';
import { deciderSpec } from '../testkit/decider-spec.js';
import { accountDecider } from './account-decider.js';

const userId = '7d5e1c9a-3b2f-4e8d-9a6c-1f0b2d3e4c5a';
const admin = '22222222-2222-4222-8222-222222222222';
const spec = deciderSpec(accountDecider(userId));
const registered = { type: 'UserRegistered', data: { userId, personal: 'v1.iv.tag.data' } } as const;

describe('an account', () => {
  it('is registered once, confirmed and given a role when made directly', () => {
    spec.given([]).when({ kind: 'register', personal: 'v1.iv.tag.data' }).then([registered]);
    spec
      .given([])
      .when({ kind: 'register', personal: 'v1.iv.tag.data', confirmed: true, role: 'blogger' })
      .then([registered, { type: 'EmailConfirmed', data: { userId } }, { type: 'RoleAssigned', data: { userId, role: 'blogger' } }]);
    spec.given([]).when({ kind: 'register', personal: 'v1.iv.tag.data', role: 'user' }).then([registered]);
    spec.given([registered]).when({ kind: 'register', personal: 'v1.iv.tag.data' }).thenRefuses('conflict');
  });

  it('records logins, requests and ended sessions as they happened', () => {
    const given = spec.given([registered]);
    given.when({ kind: 'recordLogin', remember: true }).then([{ type: 'LoginSucceeded', data: { userId, remember: true } }]);
    given.when({ kind: 'recordFailedLogin', reason: 'locked' }).then([{ type: 'LoginFailed', data: { userId, reason: 'locked' } }]);
    given.when({ kind: 'recordRegistrationAttempt' }).then([{ type: 'RegistrationAttempted', data: { userId } }]);
    given.when({ kind: 'requestActivation' }).then([{ type: 'ActivationRequested', data: { userId } }]);
    given.when({ kind: 'requestPasswordReset' }).then([{ type: 'PasswordResetRequested', data: { userId } }]);
    given.when({ kind: 'recordSessionsEnded' }).then([{ type: 'SessionsEnded', data: { userId } }]);
    given.when({ kind: 'delete' }).then([{ type: 'AccountDeleted', data: { userId } }]);
  });

  it("saves and deletes the reader's notes", () => {
    const note = { noteId: 'n1', sentence: 12, rtype: 'note', content: 'v1.iv.tag.note' };
    spec
      .given([registered])
      .when({ kind: 'saveNote', note })
      .then([{ type: 'NoteSaved', data: { userId, ...note } }]);
    spec
      .given([registered])
      .when({ kind: 'deleteNote', noteId: 'n1' })
      .then([{ type: 'NoteDeleted', data: { userId, noteId: 'n1' } }]);
  });

  it('edits role, blogs and lock by their own rules', () => {
    const target = { role: 'user' as const, deleted: false };
    const assignment = { userId, role: 'blogger' as const, blogs: ['poetry'], knownBlogs: new Set(['poetry']), target, admins: 1 };
    const lock = { userId, locked: true, actorId: admin, target: { locked: false, deleted: false } };
    spec
      .given([registered])
      .when({ kind: 'edit', assignment, lock })
      .then([
        { type: 'RoleAssigned', data: { userId, role: 'blogger' } },
        { type: 'BlogsAssigned', data: { userId, blogs: ['poetry'] } },
        { type: 'AccountLocked', data: { userId } },
      ]);
    spec
      .given([registered])
      .when({ kind: 'edit', lock: { ...lock, locked: false } })
      .thenNothing();
    spec
      .given([registered])
      .when({ kind: 'edit', assignment: { ...assignment, blogs: [] } })
      .thenRefuses('invalid', 'At least one blog is to assigned to blogger');
  });
});
