import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { StorageUsageAnswer } from '@epos/schemas/media/storage';
import { getJson } from '../blogs/editor/http';

export const STORAGE_USAGE_URL = '/api/media/usage';

/** The position of this reader's last upload (X-Position), so the usage shown includes it. */
const lastUploadAtom = atom<string | null>(null);

/** Call after an upload is stored: every usage line on the page reads again. */
export function useUploaded(): (position: string | null) => void {
  const set = useSetAtom(lastUploadAtom);
  return (position) => set(position ?? String(Date.now()));
}

/**
 * "Your uploads: 12.5 MB of 250 MB used", beside every place a reader uploads (GET /api/media/usage,
 * read again after each upload). Nothing while it loads or for a visitor not signed in.
 */
export function StorageUsage({ id }: { id?: string }) {
  const after = useAtomValue(lastUploadAtom);
  const [usage, setUsage] = useState<StorageUsageAnswer | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getJson<StorageUsageAnswer>(STORAGE_USAGE_URL, { signal: controller.signal, after: after !== null && /^\d+$/.test(after) ? after : null })
      .then((answer) => setUsage(answer.ok ? answer.data : null))
      .catch(() => undefined);
    return () => controller.abort();
  }, [after]);
  if (usage === null) return null;
  return (
    <small id={id} className="storage-usage" data-testid="storage-usage">
      Your uploads: {usage.inWords}
    </small>
  );
}
