import { useEffect, useSyncExternalStore } from 'react';
import type { PageEntry } from '@epos/schemas/library/payloads';
import { getJson } from '../ui/http';
import { lastLibraryWrite } from './consistency';

/**
 * The library's Menu pages (GET /api/library/menus): 'Main menu' pages join the top navigation,
 * 'Footer' pages the footer, in the order the API gives them (priority, then name). Read once per
 * load, after the first paint (the navigation shows its own entries until then), and again after
 * the page editor changes a page.
 */

/** GET: the Menu pages (kept here, not in paths.ts, so the first download stays small). */
export const MENUS_URL = '/api/library/menus';

type MenuEntry = Pick<PageEntry, 'pageid' | 'name' | 'url'>;
export interface LibraryMenus {
  readonly main: readonly MenuEntry[];
  readonly footer: readonly MenuEntry[];
}

export const NO_MENUS: LibraryMenus = { main: [], footer: [] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function toEntries(value: unknown): MenuEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((e) =>
    isRecord(e) && typeof e.url === 'string' && e.url.startsWith('/') && !e.url.startsWith('//') && typeof e.name === 'string'
      ? [{ pageid: typeof e.pageid === 'string' ? e.pageid : e.url, name: e.name, url: e.url }]
      : [],
  );
}

/** The answer, loosely read: anything unexpected is no entry. */
export function toMenus(body: unknown): LibraryMenus {
  return isRecord(body) ? { main: toEntries(body.main), footer: toEntries(body.footer) } : NO_MENUS;
}

let menus: LibraryMenus = NO_MENUS;
let requested = false;
const listeners = new Set<() => void>();

function publish(next: LibraryMenus): void {
  menus = next;
  for (const listener of listeners) listener();
}

/** Asks the API for the menus (again); a failure keeps what is shown. */
export async function refreshLibraryMenus(): Promise<void> {
  requested = true;
  const answer = await getJson(MENUS_URL, { after: lastLibraryWrite() });
  // Offline or refused: the navigation keeps its own entries.
  if (answer.ok) publish(toMenus(answer.data));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The menus, empty until the first answer; the first caller's effect (after paint) asks for them. */
export function useLibraryMenus(): LibraryMenus {
  useEffect(() => {
    if (!requested) void refreshLibraryMenus();
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => menus,
    () => NO_MENUS,
  );
}
