import { describe, expect, it } from 'vitest';
import type { WorkContent, WorkEvent } from '@epos/schemas';
import { deciderSpec } from '../testkit/decider-spec.js';
import { workDecider, type WorkActor, type WorkCommand } from './work-decider.js';

const workId = '11111111-1111-4111-8111-111111111111';
const owner: WorkActor = { userId: '22222222-2222-4222-8222-222222222222', admin: false };
const stranger: WorkActor = { userId: '33333333-3333-4333-8333-333333333333', admin: false };
const admin: WorkActor = { userId: '44444444-4444-4444-8444-444444444444', admin: true };
const note: WorkContent = { type: 'text', description: 'A *dawn* image.', url: null };
const added: WorkEvent = { type: 'WorkAdded', data: { workId, userId: owner.userId, sentences: [3, 4], content: note } };
const spec = deciderSpec(workDecider);
const edit = (actor: WorkActor, content: WorkContent = { ...note, description: 'Changed' }): WorkCommand => ({ kind: 'edit', actor, sentences: [3], content });

describe('work decider', () => {
  it('adds a work owned by whoever adds it, once', () => {
    spec.when({ kind: 'add', workId, actor: owner, sentences: [3, 4], content: note }).then([added]);
    spec
      .given([added])
      .when({ kind: 'add', workId, actor: owner, sentences: [3], content: note })
      .thenRefuses('conflict', /exists/);
  });

  it('lets the owner and administrators edit and delete, nobody else', () => {
    expect(
      spec
        .given([added])
        .when(edit(owner))
        .events()
        .map((e) => e.type),
    ).toEqual(['WorkEdited']);
    expect(
      spec
        .given([added])
        .when(edit(admin))
        .events()
        .map((e) => e.type),
    ).toEqual(['WorkEdited']);
    spec
      .given([added])
      .when(edit(stranger))
      .thenRefuses('forbidden', /Only the author/);
    spec
      .given([added])
      .when({ kind: 'delete', actor: owner })
      .then([{ type: 'WorkDeleted', data: { workId } }]);
    spec
      .given([added])
      .when({ kind: 'delete', actor: admin })
      .then([{ type: 'WorkDeleted', data: { workId } }]);
    spec
      .given([added])
      .when({ kind: 'delete', actor: stranger })
      .thenRefuses('forbidden', /Only the author/);
  });

  it('records nothing for an edit that changes nothing, and keeps the type', () => {
    spec
      .given([added])
      .when({ kind: 'edit', actor: owner, sentences: [3, 4], content: note })
      .thenNothing();
    spec
      .given([added])
      .when(edit(owner, { type: 'video', description: '', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }))
      .thenRefuses('invalid', /keeps its type/);
  });

  it('lets administrators alone hide and show', () => {
    spec
      .given([added])
      .when({ kind: 'hide', actor: owner })
      .thenRefuses('forbidden', /Only administrators/);
    spec
      .given([added])
      .when({ kind: 'hide', actor: admin })
      .then([{ type: 'WorkHidden', data: { workId } }]);
    const hidden = spec.given([added, { type: 'WorkHidden', data: { workId } }]);
    hidden.when({ kind: 'hide', actor: admin }).thenNothing();
    hidden.when({ kind: 'show', actor: owner }).thenRefuses('forbidden', /Only administrators/);
    hidden.when({ kind: 'show', actor: admin }).then([{ type: 'WorkShown', data: { workId } }]);
  });

  it('refuses everything on a deleted or unknown work', () => {
    const deleted = spec.given([added, { type: 'WorkDeleted', data: { workId } }]);
    for (const command of [edit(owner), { kind: 'delete', actor: admin } as const, { kind: 'hide', actor: admin } as const]) {
      deleted.when(command).thenRefuses('not_found', 'Not Found');
      spec.when(command).thenRefuses('not_found', 'Not Found');
    }
  });
});
