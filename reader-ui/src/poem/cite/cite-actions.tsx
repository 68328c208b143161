import { useSetAtom } from 'jotai';
import type { MouseEvent } from 'react';
import type { Edition } from '@epos/schemas/poem/editions';
import { useToast } from '../../ui/toast';
import { useHydrated } from '../../ui/use-hydrated';
import { preloadModals, studyAtom } from '../study/state';
import { fetchCitation } from './api';
import { canShare, copyToClipboard } from './clipboard';

/**
 * Copy, Share and Cite for one sentence (issue 37): Copy puts the verse with its citation on the
 * clipboard, Share hands its permanent link to the device's share sheet (or copies the link where
 * there is none), Cite opens every citation format.
 */
export function CiteActions({ n, id, edition, title }: { n: number; id: number; edition: Edition; title: string }) {
  const toast = useToast();
  const setStudy = useSetAtom(studyAtom);
  // On a page the server rendered, they work once the app has it (without JavaScript, never).
  const inactive = !useHydrated();

  const onCopy = async () => {
    const citation = await fetchCitation(id, edition);
    if (!citation.ok) return toast(citation.message, 'error', 6000);
    toast((await copyToClipboard(citation.data.quote)) ? `Copied sentence ${n} with its citation` : 'The browser did not allow copying', 'info');
  };
  const onShare = async () => {
    const citation = await fetchCitation(id, edition);
    if (!citation.ok) return toast(citation.message, 'error', 6000);
    if (canShare()) {
      await navigator.share({ title, text: citation.data.quote, url: citation.data.url }).catch(() => undefined);
      return;
    }
    toast((await copyToClipboard(citation.data.url)) ? 'Copied the permanent link' : 'The browser did not allow copying', 'info');
  };
  const onCite = (event: MouseEvent<HTMLButtonElement>) => setStudy({ request: { kind: 'cite', n, id, edition }, returnTo: event.currentTarget });

  return (
    <>
      <button type="button" className="button study-button" disabled={inactive} onClick={() => void onCopy()}>
        Copy
      </button>
      <button type="button" className="button study-button" disabled={inactive} onClick={() => void onShare()}>
        Share
      </button>
      <button type="button" className="button study-button" disabled={inactive} onPointerEnter={preloadModals} onFocus={preloadModals} onClick={onCite}>
        Cite
      </button>
    </>
  );
}
