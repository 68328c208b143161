import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useMe } from '../../ui/session';
import { postJson, prefetchCsrfToken } from '../../ui/http';
import { parseSectionPath } from '../../ui/poem-address';
import { sentenceAtTop } from './sentence-at-top';

/** A record is sent after this much reading at the most (the server credits up to 600 s a record). */
const FLUSH_SECONDS = 60;
/** Less than this is a glance, not reading: not sent. */
const MIN_SECONDS = 5;

/** The reader's time zone, by which their days are counted. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Counts the seconds a signed-in reader spends on a section page while it is visible and focused,
 * and records them with the sentence at the top of the screen (their place to continue from):
 * after a minute of reading, on leaving the section, and when the page is hidden. Mounted once
 * beside the routes; nothing is counted or sent for anonymous readers (their place stays in this
 * browser, see last-read.ts).
 */
export function ReadingTracker(): null {
  const me = useMe();
  const [location] = useLocation();
  const signedIn = me?.loggedIn === true;
  useEffect(() => {
    const address = parseSectionPath(location);
    if (!signedIn || address === null) return;
    // The write's token is at hand before the reader leaves (a closing page sends no second request).
    prefetchCsrfToken();
    let seconds = 0;
    // Read each second: when the reader leaves, the section's sentences are already gone.
    let n: number | null = null;
    const flush = () => {
      if (seconds < MIN_SECONDS || n === null) return;
      void postJson('/api/my/reading', { sentence: n, edition: address.edition, seconds, timeZone: timeZone() }, { keepalive: true });
      seconds = 0;
    };
    const tick = window.setInterval(() => {
      if (document.visibilityState === 'visible' && document.hasFocus()) {
        seconds++;
        n = sentenceAtTop() ?? n;
      }
      if (seconds >= FLUSH_SECONDS) flush();
    }, 1000);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(tick);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [location, signedIn]);
  return null;
}
