/**
 * Reading one's own library writes: after a page is created, changed or deleted, reads of pages and
 * menus ask the API to answer past that write (X-Consistent-After, its X-Position), and skip the
 * browser's cache, so the new page, its place in the menus and its parent's children show at once.
 */
let lastWrite: string | null = null;

export function noteLibraryWrite(position: string | null): void {
  if (position !== null && position !== '') lastWrite = position;
}

/** The last write's position (for calls that take it as `after`), or null. */
export function lastLibraryWrite(): string | null {
  return lastWrite;
}
