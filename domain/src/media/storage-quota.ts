import { storageMessages } from '@epos/schemas';

/** What an upload is weighed against: bytes used and allowed, per account and site-wide, and the disk's free space. */
export interface StorageRoom {
  accountUsed: number;
  /** Null: no quota (administrators, the media API key). */
  accountQuota: number | null;
  siteUsed: number;
  siteQuota: number;
  /** Free bytes on the media folder's disk (statfs), or null when the store cannot tell (an object store). */
  diskFree: number | null;
  /** Free bytes an upload must leave on that disk. */
  diskReserve: number;
}

export type StorageRefusal = { status: 413; code: 'quota_exceeded'; message: string } | { status: 507; code: 'storage_full'; message: string };

/**
 * The largest upload that fits now, and what refuses a larger one: the account's quota, the site's
 * quota or the disk's reserve, whichever leaves the least room (a tie goes to the account's, the one
 * a reader can do something about).
 */
export function roomFor(room: StorageRoom): { bytes: number; refusal: StorageRefusal } {
  const limits: { bytes: number; refusal: StorageRefusal }[] = [];
  if (room.accountQuota !== null) {
    limits.push({
      bytes: room.accountQuota - room.accountUsed,
      refusal: { status: 413, code: 'quota_exceeded', message: storageMessages.accountFull(room.accountUsed, room.accountQuota) },
    });
  }
  limits.push({
    bytes: room.siteQuota - room.siteUsed,
    refusal: { status: 507, code: 'storage_full', message: storageMessages.siteFull(room.siteUsed, room.siteQuota) },
  });
  if (room.diskFree !== null)
    limits.push({
      bytes: room.diskFree - room.diskReserve,
      refusal: { status: 507, code: 'storage_full', message: storageMessages.diskFull(room.diskReserve) },
    });
  const least = limits.reduce((a, b) => (b.bytes < a.bytes ? b : a));
  return { bytes: Math.max(0, least.bytes), refusal: least.refusal };
}

/** Null when `size` more bytes fit, else why not. */
export function refusalOf(room: StorageRoom, size: number): StorageRefusal | null {
  const { bytes, refusal } = roomFor(room);
  return size <= bytes ? null : refusal;
}
