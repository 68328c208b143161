import { z } from 'zod';

/** `GET /api/media/usage`: what the signed-in account's uploads take, against its quota ("x of y used"). */
export const storageUsageAnswer = z.object({
  used: z.number().int().nonnegative().describe("Bytes this account's uploads in the library take (originals)"),
  quota: z.number().int().nonnegative().nullable().describe('Bytes it may take; null for administrators, who have none'),
  /** Bytes the next upload may have: the least of the account's room, the site's room and the disk's room. */
  available: z.number().int().nonnegative(),
  inWords: z.string().describe('"12.5 MB of 250 MB used"'),
});
export type StorageUsageAnswer = z.infer<typeof storageUsageAnswer>;
