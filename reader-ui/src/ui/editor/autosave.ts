import { useCallback, useEffect, useRef, useState } from 'react';
import { formatClock as formatClockIn } from '@epos/schemas/dates/formats';

/** The spec's autosave period (section 9). */
export const AUTOSAVE_MS = 10_000;

/** Where the working copy goes: beside the saved text on the server, or this browser's storage. */
export type AutosaveTarget = 'server' | 'device';

export interface AutosaveState {
  readonly target: AutosaveTarget;
  readonly saving: boolean;
  /** The last autosave failed (it is tried again on the next tick). */
  readonly failed: boolean;
  /** When the working copy was last kept (ISO), if it was. */
  readonly savedAt: string | null;
}

/** How an editor's text is compared and when it is not worth keeping. */
export interface TextRules<T> {
  readonly same: (a: T, b: T) => boolean;
  readonly isBlank: (text: T) => boolean;
}

/**
 * Whether a tick should save: there is somewhere to save to, nothing is in flight,
 * and the text differs from what was last kept. A blank text is not kept on the device.
 */
export function shouldAutosave<T>(state: AutosaveState, hasTarget: boolean, current: T, lastKept: T, rules: TextRules<T>): boolean {
  if (!hasTarget || state.saving || rules.same(current, lastKept)) return false;
  return state.target === 'server' || !rules.isBlank(current);
}

/** "Saved 12:03:10", "Saving…", "Unsaved changes": the status bar's autosave part. */
export function autosaveLabel(state: AutosaveState, dirty: boolean, formatTime: (iso: string) => string): string {
  if (state.saving) return 'Saving…';
  if (dirty && state.failed) return 'Autosave failed, retrying';
  if (dirty) return 'Unsaved changes';
  if (state.savedAt !== null) return `${state.target === 'device' ? 'Saved on this device' : 'Saved'} ${formatTime(state.savedAt)}`;
  return 'No unsaved changes';
}

/** "12:03:10" in the viewer's locale and time zone (the app's date module). */
export function formatClock(iso: string, locale?: string): string {
  return formatClockIn(iso, locale === undefined ? {} : { locale });
}

export interface Autosave<T> {
  /** The status bar's text: "Saved 12:03:10", "Saving…", "Unsaved changes". */
  readonly label: string;
  /** The text differs from what was last kept (autosaved or saved). */
  readonly dirty: boolean;
  /** After a save or a restore: this text is what is kept now, since `at` (null: nothing to say when). */
  readonly markSaved: (text: T, at: string | null) => void;
}

/**
 * Every 10 s, keeps the working copy when it changed, through `keep`: it answers when it kept it
 * (ISO), or null when it could not; at once for the device's storage, or later for the server,
 * while the status says "Saving…".
 */
export function useAutosave<T>(options: {
  readonly text: T;
  readonly initial: T;
  readonly target: AutosaveTarget;
  readonly rules: TextRules<T>;
  readonly keep: (text: T) => string | null | Promise<string | null>;
  readonly paused: boolean;
}): Autosave<T> {
  const { text, initial, target, rules, paused } = options;
  const [state, setState] = useState<AutosaveState>({ target, saving: false, failed: false, savedAt: null });
  const [kept, setKept] = useState<T>(initial);
  const now = useRef({ text, kept, state, keep: options.keep });
  now.current = { text, kept, state, keep: options.keep };

  useEffect(() => {
    if (paused) return;
    let live = true;
    const done = (current: T, at: string | null) => {
      if (at !== null) setKept(current);
      setState((s) => ({ target, saving: false, failed: at === null, savedAt: at ?? s.savedAt }));
    };
    const tick = async () => {
      const { text: current, kept: last, state: s, keep } = now.current;
      if (!shouldAutosave(s, true, current, last, rules)) return;
      const kept = keep(current);
      if (!(kept instanceof Promise)) return done(current, kept);
      now.current = { ...now.current, state: { ...s, saving: true } };
      setState((prev) => ({ ...prev, saving: true }));
      const at = await kept;
      if (live) done(current, at);
    };
    const timer = setInterval(() => void tick(), AUTOSAVE_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [target, rules, paused]);

  const markSaved = useCallback(
    (saved: T, at: string | null) => {
      setKept(saved);
      setState({ target, saving: false, failed: false, savedAt: at });
    },
    [target],
  );

  const dirty = !rules.same(text, kept);
  return { label: autosaveLabel(state, dirty, (iso) => formatClock(iso)), dirty, markSaved };
}
