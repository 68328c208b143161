import { describe, expect, it } from 'vitest';
import type { PackEntry } from '@epos/schemas/poem/packs';
import { changedSince, isChosen, packsToFetch } from './choice';

const pack = (canto: number, choice: { edition: PackEntry['edition'] } | { lang: PackEntry['lang'] }, hash = 'h1'): PackEntry => ({
  book: 1,
  canto,
  kind: 'edition' in choice ? 'edition' : 'translation',
  ...choice,
  url: `/api/packs/1/${canto}?${'edition' in choice ? `edition=${choice.edition}` : `lang=${choice.lang}`}`,
  bytes: 1000,
  hash,
  sections: 2,
});
const at = '2026-11-29T10:00:00Z';

describe('the packs a choice downloads', () => {
  it('brings the edition a chosen translation is read beside, and only that one', () => {
    const choice = { editions: new Set<'first'>(), languages: new Set(['hi' as const]) };
    expect(isChosen(pack(1, { edition: 'centenary' }), choice)).toBe(true);
    expect(isChosen(pack(1, { edition: 'first' }), choice)).toBe(false);
    expect(isChosen(pack(1, { lang: 'hi' }), choice)).toBe(true);
    expect(isChosen(pack(1, { lang: 'fr' }), choice)).toBe(false);
  });

  it('leaves out what is downloaded and current, and takes again what changed', () => {
    const packs = [pack(1, { edition: 'first' }, 'same'), pack(2, { edition: 'first' }, 'new'), pack(3, { edition: 'first' })];
    const downloaded = {
      [packs[0]!.url]: { hash: 'same', bytes: 1000, book: 1, at },
      [packs[1]!.url]: { hash: 'old', bytes: 1000, book: 1, at },
    };
    const choice = { editions: new Set(['first' as const]), languages: new Set<never>() };
    expect(packsToFetch(packs, choice, downloaded).map((p) => p.canto)).toEqual([2, 3]);
    expect(changedSince(packs, downloaded).map((p) => p.canto)).toEqual([2]);
  });
});
