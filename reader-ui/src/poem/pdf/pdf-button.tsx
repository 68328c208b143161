import { lazy, Suspense, useRef, useState } from 'react';
import type { PdfDialogProps } from './pdf-dialog';
import './pdf-button.css';

// The dialog's code and styles load when it is first opened: the section page's first download stays small.
const PdfDialog = lazy(() => import('./pdf-dialog'));

/** The PDF button beside the book line, and the PDF preferences dialog it opens. */
export function PdfButton(props: Omit<PdfDialogProps, 'onClose' | 'returnTo'>) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className="button pdf-open" onClick={() => setOpen(true)}>
        PDF
      </button>
      {open && (
        <Suspense fallback={null}>
          <PdfDialog {...props} onClose={() => setOpen(false)} returnTo={button.current} />
        </Suspense>
      )}
    </>
  );
}
