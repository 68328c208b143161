import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOSAVE_MS, autosaveLabel, formatClock, type AutosaveState } from '../../../reader-ui/src/ui/editor/autosave';
import { browserStorage, draftStore } from '../../../reader-ui/src/ui/editor/local-draft';

/** A working copy kept in this browser: the text and when it was kept. */
export interface KeptCopy {
  readonly text: string;
  readonly savedAt: string;
}

/** The console's copies, kept by the site's own draft store (the post and page editors' too). */
const copies = draftStore<{ text: string }>(
  'epos.console.draft.',
  (record) => ({ text: typeof record.text === 'string' ? record.text : '' }),
  (copy) => copy.text.trim() === '',
);

export function readKeptCopy(name: string): KeptCopy | null {
  const kept = copies.read(browserStorage(), name);
  return kept === null ? null : { text: kept.text.text, savedAt: kept.savedAt };
}

const keep = (name: string, copy: KeptCopy): boolean => copies.write(browserStorage(), name, { text: { text: copy.text }, savedAt: copy.savedAt });

export function forgetKeptCopy(name: string): void {
  copies.remove(browserStorage(), name);
}

/**
 * The editor's autosave, as the site's page editor does it: every 10 s (the spec's period) a changed text
 * is kept on this device under `name`; the status bar says so. A save to the server makes `saved` the text.
 */
export function useDeviceAutosave(name: string, text: string, saved: string): string {
  const [state, setState] = useState<AutosaveState>({ target: 'device', saving: false, failed: false, savedAt: null });
  const [kept, setKept] = useState(saved);
  const now = useRef({ text, kept });
  now.current = { text, kept };

  // After a save (not on opening: the copy kept earlier is offered then), the device's copy goes.
  const opened = useRef(saved);
  useEffect(() => {
    setKept(saved);
    if (saved !== opened.current) forgetKeptCopy(name);
  }, [name, saved]);

  useEffect(() => {
    const timer = setInterval(() => {
      const { text: current, kept: last } = now.current;
      if (current === last || current.trim() === '') return;
      const savedAt = new Date().toISOString();
      const ok = keep(name, { text: current, savedAt });
      if (ok) setKept(current);
      setState((s) => ({ ...s, failed: !ok, savedAt: ok ? savedAt : s.savedAt }));
    }, AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [name]);

  const format = useCallback((iso: string) => formatClock(iso), []);
  return autosaveLabel(state, text !== kept, format);
}
