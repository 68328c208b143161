import { describe, expect, it } from 'vitest';
import { autosaveLabel, formatClock, shouldAutosave as shouldAutosaveWith, type AutosaveState } from '../../ui/editor/autosave';
import { shouldOfferServerAutosave } from './autosave';
import { EMPTY_TEXT, isBlankText, sameText, type PostText } from './post-form-model';

const text: PostText = { title: 'T', subtitle: '', series_title: 'S', excerpt: '', md_content: 'Body' };
const server: AutosaveState = { target: 'server', saving: false, failed: false, savedAt: null };
const device: AutosaveState = { ...server, target: 'device' };
const clock = (iso: string) => iso.slice(11, 19);
const shouldAutosave = (state: AutosaveState, hasTarget: boolean, current: PostText, lastKept: PostText) =>
  shouldAutosaveWith(state, hasTarget, current, lastKept, { same: sameText, isBlank: isBlankText });

describe('shouldAutosave', () => {
  it('saves only changed text, with somewhere to save and nothing in flight', () => {
    expect(shouldAutosave(server, true, text, text)).toBe(false);
    expect(shouldAutosave(server, true, { ...text, md_content: 'Body!' }, text)).toBe(true);
    expect(shouldAutosave(server, false, { ...text, md_content: 'Body!' }, text)).toBe(false);
    expect(shouldAutosave({ ...server, saving: true }, true, { ...text, md_content: 'Body!' }, text)).toBe(false);
  });

  it('does not keep a blank new post on the device, but does save an emptied post', () => {
    expect(shouldAutosave(device, true, EMPTY_TEXT, text)).toBe(false);
    expect(shouldAutosave(device, true, text, EMPTY_TEXT)).toBe(true);
    expect(shouldAutosave(server, true, EMPTY_TEXT, text)).toBe(true);
  });
});

describe('autosaveLabel', () => {
  it('says what autosave is doing', () => {
    expect(autosaveLabel({ ...server, saving: true }, true, clock)).toBe('Saving…');
    expect(autosaveLabel(server, true, clock)).toBe('Unsaved changes');
    expect(autosaveLabel({ ...server, failed: true }, true, clock)).toBe('Autosave failed, retrying');
    expect(autosaveLabel({ ...server, savedAt: '2030-01-01T12:03:10.000Z' }, false, clock)).toBe('Saved 12:03:10');
    expect(autosaveLabel({ ...device, savedAt: '2030-01-01T12:03:10.000Z' }, false, clock)).toBe('Saved on this device 12:03:10');
    expect(autosaveLabel(server, false, clock)).toBe('No unsaved changes');
  });

  it('formats the clock in the viewer’s zone', () => {
    const at = new Date(2030, 0, 1, 12, 3, 10);
    expect(formatClock(at.toISOString(), 'en-GB')).toBe('12:03:10');
    expect(formatClock(new Date(2030, 0, 1, 15, 4, 5).toISOString(), 'en-US')).toBe('15:04:05');
    expect(formatClock('nonsense')).toBe('nonsense');
  });
});

describe('shouldOfferServerAutosave', () => {
  const at = '2030-01-02T10:00:00.000Z';
  it('offers a different working copy newer than the latest revision', () => {
    const post = { ...text, autosave: { ...text, md_content: 'Newer body', at } };
    expect(shouldOfferServerAutosave(post, '2030-01-02T09:00:00.000Z')).toBe(true);
    expect(shouldOfferServerAutosave(post, '2030-01-02T11:00:00.000Z')).toBe(false);
    expect(shouldOfferServerAutosave(post, null)).toBe(true);
  });

  it('does not offer nothing, or the same text', () => {
    expect(shouldOfferServerAutosave({ ...text, autosave: null }, null)).toBe(false);
    expect(shouldOfferServerAutosave({ ...text, autosave: { ...text, at } }, null)).toBe(false);
  });
});
