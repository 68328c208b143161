import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { StorageUsageAnswer } from '@epos/schemas/media/storage';
import { getJson } from './http';

const STORAGE_USAGE_URL = '/api/media/usage';

/** This reader's uploads so far, and the position of the last (X-Position), so the usage shown includes it. */
const lastUploadAtom = atom<{ count: number; position: string | null }>({ count: 0, position: null });

/** Call after an upload is stored: every usage line on the page reads again. */
export function useUploaded(): (position: string | null) => void {
  const set = useSetAtom(lastUploadAtom);
  return (position) => set((last) => ({ count: last.count + 1, position }));
}

/**
 * "Your uploads: 12.5 MB of 250 MB used", beside every place a reader uploads (GET /api/media/usage,
 * read again after each upload). Nothing while it loads or for a visitor not signed in.
 */
export function StorageUsage({ id }: { id?: string }) {
  const { count, position } = useAtomValue(lastUploadAtom);
  const [usage, setUsage] = useState<StorageUsageAnswer | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getJson<StorageUsageAnswer>(STORAGE_USAGE_URL, { signal: controller.signal, after: position })
      // A failed read keeps the last usage shown.
      .then((answer) => answer.ok && setUsage(answer.data))
      .catch(() => undefined);
    return () => controller.abort();
  }, [count, position]);
  if (usage === null) return null;
  return (
    <small id={id} className="storage-usage" data-testid="storage-usage">
      Your uploads: {usage.inWords}
    </small>
  );
}
