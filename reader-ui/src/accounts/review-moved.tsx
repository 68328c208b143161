import { useEffect } from 'react';
import { AccountPage } from './account-page';
import { CONSOLE_SUGGESTIONS } from './api';

/** /suggestions, where the review queue used to be: it is in the console now, so old links and bookmarks go there. */
export function ReviewMoved() {
  useEffect(() => window.location.replace(CONSOLE_SUGGESTIONS), []);
  return (
    <AccountPage title="Suggestions">
      <p>
        Suggestions are reviewed in the <a href={CONSOLE_SUGGESTIONS}>console</a>.
      </p>
    </AccountPage>
  );
}
