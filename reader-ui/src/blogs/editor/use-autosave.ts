import { useCallback, useEffect, useRef, useState } from 'react';
import { autosavePost } from './api';
import { AUTOSAVE_MS, autosaveLabel, formatClock, shouldAutosave, type AutosaveState } from './autosave';
import { browserStorage, writeLocalDraft } from './local-draft';
import { sameText, type PostText } from './post-form-model';

export interface Autosave {
  /** The status bar's text: "Saved 12:03:10", "Saving…", "Unsaved changes". */
  readonly label: string;
  /** The text differs from what was last kept (autosaved or saved). */
  readonly dirty: boolean;
  /** After a save or a restore: this text is what the server holds now. */
  readonly markSaved: (text: PostText, at?: string | null) => void;
}

/**
 * Every 10 s, keeps the working copy when it changed: beside the post on the server
 * (POST /postdata/autosave) once the post exists, else in this browser's storage
 * under the blog's key.
 */
export function useAutosave(options: { postId: string | null; blog: string; text: PostText; initial: PostText; paused: boolean }): Autosave {
  const { postId, blog, text, initial, paused } = options;
  const target = postId === null ? 'device' : 'server';
  const [state, setState] = useState<AutosaveState>({ target, saving: false, failed: false, savedAt: null });
  const [kept, setKept] = useState<PostText>(initial);
  const now = useRef({ text, kept, state });
  now.current = { text, kept, state };

  useEffect(() => {
    if (paused) return;
    let live = true;
    const tick = async () => {
      const { text: current, kept: last, state: s } = now.current;
      if (!shouldAutosave(s, true, current, last)) return;
      if (postId === null) {
        const savedAt = new Date().toISOString();
        const ok = writeLocalDraft(browserStorage(), blog, { text: current, savedAt });
        if (ok) setKept(current);
        setState({ target: 'device', saving: false, failed: !ok, savedAt: ok ? savedAt : s.savedAt });
        return;
      }
      now.current = { ...now.current, state: { ...s, saving: true } };
      setState((prev) => ({ ...prev, saving: true }));
      const answer = await autosavePost(postId, current);
      if (!live) return;
      if (answer.ok) {
        setKept(current);
        setState({ target: 'server', saving: false, failed: false, savedAt: answer.data.at ?? new Date().toISOString() });
      } else {
        setState((prev) => ({ ...prev, saving: false, failed: true }));
      }
    };
    const timer = setInterval(() => void tick(), AUTOSAVE_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [postId, blog, paused]);

  const markSaved = useCallback(
    (saved: PostText, at?: string | null) => {
      setKept(saved);
      setState({ target, saving: false, failed: false, savedAt: at ?? new Date().toISOString() });
    },
    [target],
  );

  const dirty = !sameText(text, kept);
  return { label: autosaveLabel(state, dirty, (iso) => formatClock(iso)), dirty, markSaved };
}
