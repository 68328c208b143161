import { describe, expect, it } from 'vitest';
import { storageMessages } from '@epos/schemas';
import { refusalOf, roomFor, type StorageRoom } from './storage-quota.js';

const MB = 1024 * 1024;
const room: StorageRoom = {
  accountUsed: 200 * MB,
  accountQuota: 250 * MB,
  siteUsed: 1000 * MB,
  siteQuota: 10_240 * MB,
  diskFree: 50_000 * MB,
  diskReserve: 1024 * MB,
};

describe('room for an upload', () => {
  it("is the least of the account's, the site's and the disk's, refused by whichever binds", () => {
    expect(roomFor(room)).toEqual({
      bytes: 50 * MB,
      refusal: { status: 413, code: 'quota_exceeded', message: storageMessages.accountFull(200 * MB, 250 * MB) },
    });
    expect(roomFor({ ...room, accountQuota: null }).bytes).toBe(9240 * MB);
    expect(roomFor({ ...room, siteUsed: 10_230 * MB })).toEqual({
      bytes: 10 * MB,
      refusal: { status: 507, code: 'storage_full', message: storageMessages.siteFull(10_230 * MB, 10_240 * MB) },
    });
    expect(roomFor({ ...room, diskFree: 1030 * MB })).toEqual({
      bytes: 6 * MB,
      refusal: { status: 507, code: 'storage_full', message: storageMessages.diskFull(1024 * MB) },
    });
    expect(roomFor({ ...room, diskFree: 100 * MB }).bytes).toBe(0);
    expect(roomFor({ ...room, diskFree: null }).bytes).toBe(50 * MB);
  });

  it('refuses a size over the room and passes one within it', () => {
    expect(refusalOf(room, 50 * MB)).toBeNull();
    expect(refusalOf(room, 50 * MB + 1)?.code).toBe('quota_exceeded');
  });

  it('says the quota and the usage in words', () => {
    expect(storageMessages.accountFull(200 * MB, 250 * MB)).toMatch(
      /^Your uploads would take more than your storage quota of 250 MB \(200 MB of 250 MB used\)\./,
    );
    expect(storageMessages.accountFull(1.25 * MB, 2 * MB)).toContain('(1.2 MB of 2 MB used)');
  });
});
