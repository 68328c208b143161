import { describe, expect, it } from 'vitest';
import type { WorkContent, WorkEvent } from '@epos/schemas';
import { workDecider, type WorkActor, type WorkCommand } from './work-decider.js';

const workId = '11111111-1111-4111-8111-111111111111';
const owner: WorkActor = { userId: '22222222-2222-4222-8222-222222222222', admin: false };
const stranger: WorkActor = { userId: '33333333-3333-4333-8333-333333333333', admin: false };
const admin: WorkActor = { userId: '44444444-4444-4444-8444-444444444444', admin: true };
const note: WorkContent = { type: 'text', description: 'A *dawn* image.', url: null };
const added: WorkEvent = { type: 'WorkAdded', data: { workId, userId: owner.userId, sentences: [3, 4], content: note } };
const given = (events: WorkEvent[]) => events.reduce(workDecider.evolve, workDecider.initialState);
const when = (events: WorkEvent[], command: WorkCommand) => workDecider.decide(command, given(events));
const edit = (actor: WorkActor, content: WorkContent = { ...note, description: 'Changed' }): WorkCommand => ({ kind: 'edit', actor, sentences: [3], content });

describe('work decider', () => {
  it('adds a work owned by whoever adds it, once', () => {
    expect(when([], { kind: 'add', workId, actor: owner, sentences: [3, 4], content: note })).toEqual([added]);
    expect(() => when([added], { kind: 'add', workId, actor: owner, sentences: [3], content: note })).toThrow(/exists/);
  });

  it('lets the owner and administrators edit and delete, nobody else', () => {
    expect(when([added], edit(owner)).map((e) => e.type)).toEqual(['WorkEdited']);
    expect(when([added], edit(admin)).map((e) => e.type)).toEqual(['WorkEdited']);
    expect(() => when([added], edit(stranger))).toThrow(/Only the author/);
    expect(when([added], { kind: 'delete', actor: owner })).toEqual([{ type: 'WorkDeleted', data: { workId } }]);
    expect(when([added], { kind: 'delete', actor: admin })).toEqual([{ type: 'WorkDeleted', data: { workId } }]);
    expect(() => when([added], { kind: 'delete', actor: stranger })).toThrow(/Only the author/);
  });

  it('records nothing for an edit that changes nothing, and keeps the type', () => {
    expect(when([added], { kind: 'edit', actor: owner, sentences: [3, 4], content: note })).toEqual([]);
    expect(() => when([added], edit(owner, { type: 'video', description: '', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }))).toThrow(/keeps its type/);
  });

  it('lets administrators alone hide and show', () => {
    expect(() => when([added], { kind: 'hide', actor: owner })).toThrow(/Only administrators/);
    expect(when([added], { kind: 'hide', actor: admin })).toEqual([{ type: 'WorkHidden', data: { workId } }]);
    const hidden: WorkEvent[] = [added, { type: 'WorkHidden', data: { workId } }];
    expect(when(hidden, { kind: 'hide', actor: admin })).toEqual([]);
    expect(() => when(hidden, { kind: 'show', actor: owner })).toThrow(/Only administrators/);
    expect(when(hidden, { kind: 'show', actor: admin })).toEqual([{ type: 'WorkShown', data: { workId } }]);
  });

  it('refuses everything on a deleted or unknown work', () => {
    const deleted: WorkEvent[] = [added, { type: 'WorkDeleted', data: { workId } }];
    for (const command of [edit(owner), { kind: 'delete', actor: admin } as const, { kind: 'hide', actor: admin } as const]) {
      expect(() => when(deleted, command)).toThrow('Not Found');
      expect(() => when([], command)).toThrow('Not Found');
    }
  });
});
