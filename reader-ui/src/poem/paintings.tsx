import { useSetAtom } from 'jotai';
import type { MouseEvent } from 'react';
import { preloadModals, studyAtom } from './study/state';
import type { SectionBook } from './api';

/**
 * The canto's paintings above a section (else the book's): the first as a header image, any others
 * as thumbnails; a click opens the study tools' lightbox (Escape closes it, focus comes back).
 * Boxes have a fixed aspect ratio (the header is cropped to it), so nothing moves as images load.
 */
export function SectionPaintings({ data }: { data: SectionBook }) {
  const setStudy = useSetAtom(studyAtom);
  const ofCanto = data.ArtistCanto.length > 0;
  const images = ofCanto ? data.ArtistCanto : data.ArtistBook;
  const [first, ...others] = images;
  if (first === undefined) return null;
  const whose = ofCanto ? `Canto ${data.cantoNumber}: ${data.cantoName}` : `Book ${data.bookNumber}: ${data.bookName}`;
  const name = (i: number) => (images.length > 1 ? `Painting ${i + 1} of ${images.length} for ${whose}` : `Painting for ${whose}`);
  const open = (i: number) => (event: MouseEvent<HTMLButtonElement>) =>
    setStudy({ request: { kind: 'image', title: name(i), src: images[i]!.ImageUrl, alt: name(i) }, returnTo: event.currentTarget });

  return (
    <figure className="section-paintings" data-testid="section-paintings">
      <button
        type="button"
        className="painting-button"
        aria-label={`Enlarge: ${name(0)}`}
        onPointerEnter={preloadModals}
        onFocus={preloadModals}
        onClick={open(0)}
      >
        <img className="painting-header" src={first.ImageUrl} alt={name(0)} width={1200} height={400} decoding="async" />
      </button>
      {others.length > 0 && (
        <ul className="painting-thumbs">
          {others.map((image, k) => (
            <li key={image.ImageUrl}>
              <button
                type="button"
                className="painting-button"
                aria-label={`Enlarge: ${name(k + 1)}`}
                onPointerEnter={preloadModals}
                onFocus={preloadModals}
                onClick={open(k + 1)}
              >
                <img className="painting-thumb" src={image.ImageThumbUrl} alt={name(k + 1)} width={96} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
