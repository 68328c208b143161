import { text } from 'node:stream/consumers';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MediaStorage } from './port.js';

/** What every MediaStorage adapter must do; each adapter's test runs it on a fresh store. */
export function mediaStorageContract(name: string, open: () => Promise<MediaStorage>): void {
  describe(`${name}: the media storage contract`, () => {
    it('names an object by the SHA-256 of its bytes and keeps one copy of the same bytes', async () => {
      const store = await open();
      const bytes = new TextEncoder().encode('Of man’s first disobedience, and the fruit');
      const first = await store.put(bytes);
      expect(first).toEqual({ key: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength });
      expect(await store.put(bytes)).toEqual(first);
      expect(await store.stat(first.key)).toEqual(first);
      expect(await text((await store.get(first.key))!)).toBe('Of man’s first disobedience, and the fruit');
    });

    it('reads a range of bytes, both ends included, and refuses one outside the object', async () => {
      const store = await open();
      const { key } = await store.put(new TextEncoder().encode('0123456789'));
      expect(await text((await store.get(key, { start: 2, end: 5 }))!)).toBe('2345');
      expect(await text((await store.get(key, { start: 9, end: 9 }))!)).toBe('9');
      await expect(store.get(key, { start: 5, end: 10 })).rejects.toThrow(RangeError);
      await expect(store.get(key, { start: 6, end: 5 })).rejects.toThrow(RangeError);
    });

    it('answers null for unknown keys and anything that is not a key, and deletes', async () => {
      const store = await open();
      const { key } = await store.put(new Uint8Array([1, 2, 3]));
      for (const bad of ['0'.repeat(64), '../../etc/passwd', key.toUpperCase(), `${key}/x`, '']) {
        expect(await store.stat(bad)).toBeNull();
        expect(await store.get(bad)).toBeNull();
      }
      expect(await store.delete(key)).toBe(true);
      expect(await store.delete(key)).toBe(false);
      expect(await store.stat(key)).toBeNull();
    });

    it('tells the room left for new objects, or null when it cannot', async () => {
      const free = await (await open()).freeBytes();
      expect(free === null || (Number.isInteger(free) && free > 0)).toBe(true);
    });
  });
}
