import { useAtom } from 'jotai';
import { useLocation, useSearch } from 'wouter';
import { languagesAtom } from './atoms';
import { languagesFromSearch } from '@epos/schemas/poem/address-languages';
import type { Lang } from './reading';

/**
 * The ticked translations: those the address names (a shared link, or a reader without JavaScript
 * choosing them), else the reader's own, kept in this browser. Ticking one makes the choice the
 * reader's own again, and the address drops its `lang`.
 */
export function useTickedLanguages(): [readonly Lang[], (languages: Lang[]) => void] {
  const [stored, setStored] = useAtom(languagesAtom);
  const search = useSearch();
  const [path, navigate] = useLocation();
  const fromAddress = languagesFromSearch(search);
  const set = (languages: Lang[]) => {
    setStored(languages);
    if (fromAddress === null) return;
    const rest = new URLSearchParams(search);
    rest.delete('lang');
    navigate(rest.size > 0 ? `${path}?${rest.toString()}` : path, { replace: true });
  };
  return [fromAddress ?? stored, set];
}
