/** What the study downloads' markdown files share. */

/** A moment as the files date things: its day (UTC). */
export const day = (at: string | Date) => new Date(at).toISOString().slice(0, 10);

/** A section's heading, or where withdrawn sentences are gathered. */
export const sectionHeading = (where: { book: number; canto: number; section: number } | null): string =>
  where === null ? 'Withdrawn sentences' : `Book ${where.book}, Canto ${where.canto}, Section ${where.section}`;

/** "1 highlight", "3 bookmarks". */
export const counted = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString('en')} ${many}`);
