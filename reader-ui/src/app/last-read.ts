import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { fetchContents, type ContentsResponse } from '../poem/api';
import { parseSectionPath, sectionPath, type SectionAddress } from '../ui/poem-address';

/**
 * Where this reader left off: the last section read, kept in this browser's localStorage for
 * signed-in and anonymous readers alike (no account needed, nothing sent to the server).
 */
export interface LastRead {
  /** The section's path, edition included: /1/2/1 or /1/2/1/revised. */
  readonly path: string;
  /** What the home page calls it: "The Kindling · The Darkening of the Vale · The Keeper's House". */
  readonly label: string;
}

export const LAST_READ_KEY = 'epos:last-read';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked by the browser's settings
  }
}

/** A stored place, or null when it is missing or not a section's path. */
export function parseLastRead(raw: string | null): LastRead | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { path, label } = value as Record<string, unknown>;
    if (typeof path !== 'string' || typeof label !== 'string' || parseSectionPath(path) === null) return null;
    return { path: sectionPath(parseSectionPath(path)!), label: label.slice(0, 500) };
  } catch {
    return null;
  }
}

export function rememberLastRead(place: LastRead, storage: KeyValueStore | null = browserStorage()): void {
  try {
    storage?.setItem(LAST_READ_KEY, JSON.stringify(place));
  } catch {
    // full or blocked storage: the home page just offers to start at the beginning
  }
}

export function lastRead(storage: KeyValueStore | null = browserStorage()): LastRead | null {
  try {
    return parseLastRead(storage?.getItem(LAST_READ_KEY) ?? null);
  } catch {
    return null;
  }
}

/** The section's names from the contents ("The Kindling · The Darkening of the Vale · The Keeper's House"), or null when it is not in them. */
export function sectionLabel(contents: ContentsResponse, address: SectionAddress): string | null {
  const book = contents.books.find((b) => b.book === address.book);
  const canto = book?.cantos.find((c) => c.canto === address.canto);
  const section = canto?.sections.find((s) => s.SectionNumber === address.section);
  if (!book || !canto || !section) return null;
  return [book.name, canto.name, section.SectionName].filter((name) => name.trim() !== '').join(' · ');
}

/**
 * Remembers each section the reader opens as the place to continue from. Mounted once beside the
 * routes, so the section page needs no part in it; a path that names no section is not kept.
 */
export function LastReadTracker(): null {
  const [location] = useLocation();
  useEffect(() => {
    const address = parseSectionPath(location);
    if (address === null) return;
    let live = true;
    void fetchContents(address.book).then((result) => {
      const label = result.ok ? sectionLabel(result.data, address) : null;
      if (live && label !== null) rememberLastRead({ path: sectionPath(address), label });
    });
    return () => {
      live = false;
    };
  }, [location]);
  return null;
}
