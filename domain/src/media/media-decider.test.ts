import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, mediaMessages } from '@epos/schemas';
import { deciderSpec } from '../testkit/decider-spec.js';
import { mediaDecider, type UploadFacts } from './media-decider.js';
import { checkUpload } from './upload-checks.js';

const hash = 'a'.repeat(64);
const facts: UploadFacts = {
  hash,
  kind: 'image',
  mime: 'image/png',
  ext: 'png',
  size: 10,
  width: 2,
  height: 2,
  durationSeconds: null,
  originalName: 'dot.png',
  uploader: 'u1',
};
const derivative = (c: string) => ({ hash: c.repeat(64), mime: 'image/webp', ext: 'webp', size: 5, width: 2, height: 2 });
const spec = deciderSpec(mediaDecider);
const upload = { kind: 'upload', facts } as const;

describe('the media decider', () => {
  it('records an upload once: the same bytes again append nothing, and come back after a removal', () => {
    const first = spec.when(upload).events();
    expect(first).toEqual([{ type: 'MediaUploaded', data: facts }]);
    spec
      .given(first)
      .when({ kind: 'upload', facts: { ...facts, originalName: 'again.png' } })
      .thenNothing();
    const removed = [...first, ...spec.given(first).when({ kind: 'remove', inUse: false }).events()];
    expect(spec.given(removed).state().removed).toBe(true);
    expect(spec.given(removed).when(upload).events()).toHaveLength(1);
  });

  it('records derivatives once and refuses to remove a file in use', () => {
    const uploaded = spec.when(upload).events();
    const made = spec
      .given(uploaded)
      .when({ kind: 'recordDerivatives', thumb: derivative('b'), web: derivative('c') })
      .events();
    expect(made).toHaveLength(1);
    spec
      .given([...uploaded, ...made])
      .when({ kind: 'recordDerivatives', thumb: derivative('b'), web: derivative('c') })
      .thenNothing();
    spec
      .given(uploaded)
      .when({ kind: 'remove', inUse: true })
      .thenRefuses('conflict', /detach it first/);
    spec.when({ kind: 'remove', inUse: false }).thenRefuses('not_found', /No such file/);
  });
});

describe('the storage sweep', () => {
  it('takes an unused upload out with its reason, and does nothing to one in use, removed or swept already', () => {
    const uploaded = spec.when(upload).events();
    const sweep = { kind: 'sweep' as const, reason: 'no-longer-used' as const, unusedSince: '2026-01-01T00:00:00.000Z', lastUsedBy: 'work-1', inUse: false };
    const swept = spec.given(uploaded).when(sweep).events();
    expect(swept).toEqual([
      {
        type: 'UploadSwept',
        data: {
          hash,
          reason: 'no-longer-used',
          unusedSince: '2026-01-01T00:00:00.000Z',
          lastUsedBy: 'work-1',
          size: 10,
          uploader: 'u1',
          originalName: 'dot.png',
        },
      },
    ]);
    spec
      .given(uploaded)
      .when({ ...sweep, inUse: true })
      .thenNothing();
    const after = spec.given([...uploaded, ...swept]);
    expect(after.state().removed).toBe(true);
    after.when(sweep).thenNothing();
    expect(after.when(upload).events()).toHaveLength(1);
  });
});

describe('upload checks without I/O', () => {
  it('refuses empty, oversized, wrong-type and pixel-flood files, in that order', () => {
    expect(checkUpload('image', { size: 0, mime: 'image/png', width: 1, height: 1 })).toEqual({ ok: false, reason: mediaMessages.empty });
    expect(checkUpload('image', { size: 11 * 1024 * 1024, mime: 'image/png', width: 1, height: 1 })).toEqual({
      ok: false,
      reason: mediaMessages.tooLarge('image'),
    });
    expect(checkUpload('audio', { size: 51 * 1024 * 1024, mime: 'audio/mpeg' })).toEqual({ ok: false, reason: mediaMessages.tooLarge('audio') });
    expect(checkUpload('image', { size: 10, mime: 'image/svg+xml' })).toEqual({ ok: false, reason: mediaMessages.wrongType('image') });
    expect(checkUpload('image', { size: 10, mime: 'application/zip' })).toEqual({ ok: false, reason: mediaMessages.wrongType('image') });
    expect(checkUpload('image', { size: 10, mime: 'audio/mpeg' })).toEqual({ ok: false, reason: mediaMessages.wrongType('image') });
    expect(checkUpload('audio', { size: 10, mime: 'image/png' })).toEqual({ ok: false, reason: mediaMessages.wrongType('audio') });
    expect(checkUpload('image', { size: 10, mime: 'image/png', width: MAX_IMAGE_PIXELS, height: 2 })).toEqual({ ok: false, reason: mediaMessages.pixelFlood });
    expect(checkUpload('image', { size: 10, mime: 'image/jpeg', width: 4000, height: 3000 })).toEqual({ ok: true, ext: 'jpg' });
    expect(checkUpload('audio', { size: 10, mime: 'audio/ogg' })).toEqual({ ok: true, ext: 'ogg' });
  });
});

describe('attachment changes', () => {
  const item = (c: string) => ({ url: `/media/files/${c.repeat(64)}.png`, media: c.repeat(64) });
  it('attaches once, detaches every showing, replaces in place keeping the title, and stops at 100 of a kind', async () => {
    const { attach, detach, replace } = await import('./attachment.js');
    const one = attach(item('a'))([]);
    expect(attach(item('a'))(one)).toEqual(one);
    const three = attach(item('c'))(attach(item('b'))(one));
    expect(detach('b'.repeat(64))(three)).toEqual([item('a'), item('c')]);
    expect(() => detach('d'.repeat(64))(three)).toThrow(/not shown there/);
    const titled = [{ ...item('a'), title: 'Lamp' }, item('b')];
    expect(replace('a'.repeat(64), item('d'))(titled)).toEqual([{ ...item('d'), title: 'Lamp' }, item('b')]);
    expect(replace('a'.repeat(64), item('b'))(titled)).toEqual([{ ...item('b'), title: 'Lamp' }]);
    const full = Array.from({ length: 100 }, (_, i) => ({ url: `/media/files/x${i}.png` }));
    expect(() => attach(item('e'))(full)).toThrow(/at most 100/);
  });
});
