/** How much storage is shown and said: whole megabytes (as the size caps are), one decimal below ten. */
const MB = 1024 * 1024;

export function megabytes(bytes: number): string {
  const value = bytes / MB;
  if (value === 0) return '0 MB';
  if (value < 0.1) return 'under 0.1 MB';
  return `${value < 10 ? (Math.floor(value * 10) / 10).toString() : Math.floor(value).toString()} MB`;
}

/** "12.5 MB of 250 MB used", or "12.5 MB used" for an account without a quota. */
export const usageInWords = (used: number, quota: number | null): string =>
  quota === null ? `${megabytes(used)} used` : `${megabytes(used)} of ${megabytes(quota)} used`;

/** The refusals of an upload for want of room; zod-free, so the reader app can import them. */
export const storageMessages = {
  accountFull: (used: number, quota: number) =>
    `Your uploads would take more than your storage quota of ${megabytes(quota)} (${usageInWords(used, quota)}). Delete a work whose recording you no longer need, or wait: uploads used nowhere are cleared after a while.`,
  siteFull: (used: number, quota: number) =>
    `The site's storage quota for uploads is full (${usageInWords(used, quota)}), so uploads are refused until room is made. Reading is not affected.`,
  diskFull: (reserve: number) =>
    `The server's disk is nearly full (an upload must leave ${megabytes(reserve)} free), so uploads are refused until room is made. Reading is not affected.`,
  counting: 'Uploads are paused for a moment while the storage count catches up; please try again shortly.',
} as const;
