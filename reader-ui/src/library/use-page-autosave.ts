import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOSAVE_MS, autosaveLabel, formatClock, type AutosaveState } from '../blogs/editor/autosave';
import { browserStorage } from '../blogs/editor/local-draft';
import { isBlankPage, sameValues, type PageFormValues } from './page-form-model';
import { pageDraftName, pageDrafts } from './page-drafts';

export interface PageAutosave {
  /** The status bar's text: "Saved on this device 12:03:10", "Unsaved changes"… */
  readonly label: string;
  /** The form differs from what was last kept (on this device, or saved). */
  readonly dirty: boolean;
  /** After a save: the server holds these values, and the device's copy goes. */
  readonly markSaved: (values: PageFormValues) => void;
}

/** Every 10 s (the spec's autosave period), keeps the working copy in this browser under the page's id (or 'new'). */
export function usePageAutosave(options: { pageId: string | null; values: PageFormValues; initial: PageFormValues; paused: boolean }): PageAutosave {
  const { pageId, values, initial, paused } = options;
  const name = pageDraftName(pageId);
  const [state, setState] = useState<AutosaveState>({ target: 'device', saving: false, failed: false, savedAt: null });
  const [kept, setKept] = useState<PageFormValues>(initial);
  const now = useRef({ values, kept });
  now.current = { values, kept };

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => {
      const { values: current, kept: last } = now.current;
      if (sameValues(current, last) || isBlankPage(current)) return;
      const savedAt = new Date().toISOString();
      const ok = pageDrafts.write(browserStorage(), name, { text: current, savedAt });
      if (ok) setKept(current);
      setState((s) => ({ ...s, failed: !ok, savedAt: ok ? savedAt : s.savedAt }));
    }, AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [name, paused]);

  const markSaved = useCallback(
    (saved: PageFormValues) => {
      pageDrafts.remove(browserStorage(), name);
      setKept(saved);
      setState({ target: 'device', saving: false, failed: false, savedAt: null });
    },
    [name],
  );

  const dirty = !sameValues(values, kept);
  return { label: autosaveLabel(state, dirty, (iso) => formatClock(iso)), dirty, markSaved };
}
