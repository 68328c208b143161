import { useState } from 'react';
import { useAppUpdate } from './app-update';
import './offline.css';

/** "A new version of Epos is ready": shown while a new release waits, until the reader reloads or puts it off. */
export function UpdatePrompt() {
  const { waiting, apply } = useAppUpdate();
  const [later, setLater] = useState(false);
  if (!waiting || later || !apply) return null;
  return (
    <div className="update-prompt" role="status">
      <p>A new version of this site is ready.</p>
      <button type="button" className="button button-primary" onClick={() => void apply()}>
        Reload
      </button>
      <button type="button" className="button" onClick={() => setLater(true)}>
        Later
      </button>
    </div>
  );
}
