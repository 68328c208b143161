import { lazy, Suspense, useState } from 'react';

// The modal and its form load when a reader first opens it: none of it is in the reading page's download.
const ReaderWorksModal = lazy(() => import('./works-modal'));

/** The study tools' entry for readers' works on a sentence: the button and, once pressed, the modal. */
export function ReaderWorksButton({ n }: { n: number }) {
  const [returnTo, setReturnTo] = useState<HTMLElement | null | undefined>(undefined);
  return (
    <>
      <button type="button" className="button study-button" onClick={(event) => setReturnTo(event.currentTarget)}>
        Readers' works
      </button>
      {returnTo !== undefined && (
        <Suspense fallback={null}>
          <ReaderWorksModal n={n} returnTo={returnTo} onClose={() => setReturnTo(undefined)} />
        </Suspense>
      )}
    </>
  );
}
