import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../ui/use-hydrated';
import { useLocation } from 'wouter';
import { NO_BOOK } from '../ui/messages';
import { NotFoundPage } from '../ui/not-found-page';
import { ReadFailure } from '../ui/not-found';
import { usePageTitle } from '../ui/use-page-title';
import { cachedSection, cachedTranslation, fetchContents, fetchSection, fetchTranslation, type SectionBook, type SectionRef } from './api';
import type { Result } from '../ui/http';
import { contentsAtom, useSiteInfo } from './atoms';
import { useTickedLanguages } from './address-languages';
import { contentsFromServer, mergeContents } from './contents';
import { useAsOf } from './scholarship/as-of';
import { AsOfNothing } from './scholarship/as-of-control';
import { Loading } from '../ui/loading';
import './poem.css';
import { ReaderBar } from './reader-bar';
import { editionLabels, sectionTitle, visibleLanguages } from './reading';
import { parseSectionPath, sectionKey, sectionPath, type SectionAddress } from '../ui/poem-address';
import { useScrollMemory } from './section-hooks';
import { SectionText } from './section-text';

/** How long a section waits for its ticked translations before it shows without them. */
const TRANSLATIONS_WAIT_MS = 1500;

/** `/{book}/{canto}/{section}` and `/…/{centenary|revised}`. */
export function SectionPage() {
  const [location] = useLocation();
  const address = parseSectionPath(location);
  if (address === null) return <NotFoundPage />;
  return <SectionReader address={address} />;
}

function SectionReader({ address }: { address: SectionAddress }) {
  const key = sectionKey(address);
  const [loaded, setLoaded] = useState<{ key: string; result: Result<SectionBook> } | null>(null);
  const setContents = useSetAtom(contentsAtom);

  // The books, then the cantos of the book being read: a huge poem's menu loads a book at a time.
  useEffect(() => {
    for (const book of [undefined, address.book]) {
      void fetchContents(book).then((result) => {
        if (result.ok) setContents((contents) => contentsFromServer(contents, result.data));
      });
    }
  }, [address.book, setContents]);

  const asOf = useAsOf();
  const site = useSiteInfo();
  const loadKey = `${key}@${asOf ?? ''}`;
  const [languages] = useTickedLanguages();
  const languagesNow = useRef(languages);
  languagesNow.current = languages;
  // A section the server rendered is current (its page is dropped when the poem changes): not read again as the page is taken over.
  const hydrated = useHydrated();
  const servedKey = useRef(hydrated || cachedSection(address, asOf) === undefined ? null : loadKey);
  useEffect(() => {
    if (servedKey.current === loadKey) {
      servedKey.current = null;
      return;
    }
    servedKey.current = null;
    const controller = new AbortController();
    // The ticked translations load beside the section, and it shows with them, so they do not push
    // the verse about as each arrives (a slow one is left to useTranslations after a while).
    const ref: SectionRef = { book: address.book, canto: address.canto, section: address.section };
    const translations = visibleLanguages(languagesNow.current, address.edition)
      .filter((lang) => cachedTranslation(ref, lang) === undefined)
      .map((lang) => fetchTranslation(ref, lang, controller.signal).catch(() => undefined));
    const withTranslations = Promise.race([Promise.all(translations), new Promise((resolve) => setTimeout(resolve, TRANSLATIONS_WAIT_MS))]);
    Promise.all([fetchSection(address, controller.signal, asOf), withTranslations]).then(
      ([result]) => {
        setLoaded({ key: loadKey, result });
        if (result.ok) setContents((contents) => mergeContents(contents, result.data));
      },
      () => undefined, // aborted: a newer section is loading
    );
    return () => controller.abort();
  }, [loadKey, setContents]);

  const current = loaded?.key === loadKey ? loaded.result : null;
  const data = current?.ok ? current.data : cachedSection(address, asOf);
  const failure = current !== null && !current.ok ? current : null;

  usePageTitle(data ? sectionTitle(data.customSection[0], data.cantoName, data.bookName) : (failure?.message ?? 'Loading'));
  useScrollMemory(address, data !== undefined);

  if (data === undefined) {
    if (failure === null) {
      return (
        <>
          <ReaderBar address={address} data={undefined} />
          <Loading />
        </>
      );
    }
    // Read as of a day the section had no text: say so, with the ways out, instead of a bare "No book found".
    if (asOf !== null && failure.message === NO_BOOK) return <AsOfNothing path={sectionPath(address)} since={site?.poemTextSince ?? null} />;
    return (
      <ReadFailure
        failure={failure}
        what={`Book ${address.book}, canto ${address.canto}, section ${address.section} is not in the poem’s ${editionLabels[address.edition]} edition.`}
        ways={[{ href: '/lookup', label: 'Look up a sentence or line' }]}
      />
    );
  }
  return <SectionText address={address} data={data} />;
}
