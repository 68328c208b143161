import { useState, type ReactNode } from 'react';
import { formatShortDateTime } from '@epos/schemas/dates/formats';
import type { DraftStore, DraftStorage, KeptDraft } from './local-draft';

/**
 * A working copy this device kept and that was never saved, offered on opening the form; `worth`
 * says whether one is worth offering. Discarding drops only the offered copy: typing since may have
 * kept a newer one.
 */
export function useDraftOffer<T>(
  store: DraftStore<T>,
  storage: () => DraftStorage | null,
  name: string | null,
  worth: (kept: KeptDraft<T>) => boolean = () => true,
) {
  const [offer, setOffer] = useState<KeptDraft<T> | null>(() => {
    const kept = name === null ? null : store.read(storage(), name);
    return kept !== null && worth(kept) ? kept : null;
  });
  const discard = () => {
    if (offer !== null && name !== null && store.read(storage(), name)?.savedAt === offer.savedAt) store.remove(storage(), name);
    setOffer(null);
  };
  return { offer, close: () => setOffer(null), discard };
}

export type DraftOffer<T> = ReturnType<typeof useDraftOffer<T>>;

/** The offer's banner, while there is one: what was kept and when, "Restore" (puts it back through `restore`) and "Discard". */
export function DraftOfferBanner<T>(props: {
  readonly kept: DraftOffer<T>;
  readonly restore: (text: T) => void;
  /** "A draft you did not post", "Changes you did not save". */
  readonly what: string;
  /** The kept copy's title or name, shown when it has one. */
  readonly titleOf: (text: T) => string;
  readonly restoreLabel: ReactNode;
  readonly restoreTestId: string;
}) {
  const { offer, close, discard } = props.kept;
  if (offer === null) return null;
  const title = props.titleOf(offer.text);
  return (
    <div className="post-form-offer" role="region" aria-label="Unsaved draft">
      <p>
        {props.what}, kept on this device at <time dateTime={offer.savedAt}>{formatShortDateTime(offer.savedAt)}</time>
        {title.trim() !== '' && <> (“{title}”)</>}.
      </p>
      <button
        type="button"
        className="button button-primary"
        data-testid={props.restoreTestId}
        onClick={() => {
          props.restore(offer.text);
          close();
        }}
      >
        {props.restoreLabel}
      </button>
      <button type="button" className="button" onClick={discard}>
        Discard
      </button>
    </div>
  );
}
