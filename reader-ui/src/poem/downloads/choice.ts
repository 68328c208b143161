import type { PackEntry } from '@epos/schemas/poem/packs';
import { translationEdition, type Edition, type Language } from '@epos/schemas/poem/editions';
import type { Downloaded } from './packs';

export interface Choice {
  readonly editions: ReadonlySet<Edition>;
  readonly languages: ReadonlySet<Language>;
}

/** Whether a pack is in the reader's choice: a translation is read beside its own edition (translationEdition), so it brings that edition's packs. */
export const isChosen = (pack: PackEntry, choice: Choice): boolean =>
  pack.kind === 'edition'
    ? choice.editions.has(pack.edition!) || [...choice.languages].some((lang) => translationEdition[lang] === pack.edition)
    : choice.languages.has(pack.lang!);

/** Of the packs chosen, those to download: not downloaded yet, or changed since (another hash). */
export const packsToFetch = (packs: readonly PackEntry[], choice: Choice, downloaded: Readonly<Record<string, Downloaded>>): PackEntry[] =>
  packs.filter((pack) => isChosen(pack, choice) && downloaded[pack.url]?.hash !== pack.hash);

/** A book's downloaded packs whose hash changed since. */
export const changedSince = (packs: readonly PackEntry[], downloaded: Readonly<Record<string, Downloaded>>): PackEntry[] =>
  packs.filter((pack) => downloaded[pack.url] !== undefined && downloaded[pack.url]!.hash !== pack.hash);
