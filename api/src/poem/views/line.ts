import type { Edition, ImageAnswer, LineAnswer, MediaItem } from '@epos/schemas';
import { textIn, type SentenceState } from '@epos/domain/poem/sentence-state';
import type { DerivedFields } from '@epos/projections/poem/read-model';
import type { SentencePlace } from '@epos/projections/poem/line-index';

type Source = LineAnswer['sources']['lineScantion'];

const joined = (lines: string[] | undefined): string | null => (lines && lines.length > 0 ? lines.join('\n') : null);
export const imageViews = (items: readonly MediaItem[] | undefined): ImageAnswer[] =>
  (items ?? []).map((i) => ({ ImageUrl: i.url, ImageThumbUrl: i.thumbUrl ?? i.url }));

function derivedField(state: SentenceState, derived: DerivedFields, field: 'scansion' | 'ipa' | 'hyphenated' | 'pronouns'): [string | null, Source] {
  const imported = state.fields[field];
  if (imported !== undefined) return [imported, 'imported'];
  const computed = derived[field];
  return computed === undefined ? [null, null] : [computed, 'computed'];
}

/** One sentence as the spec's Line entity (section 3), plus a few fields of our own. */
export function lineView(state: SentenceState, derived: DerivedFields, edition: Edition, place: SentencePlace | undefined): LineAnswer {
  const text = textIn(state, edition);
  const [scansion, scansionSource] = derivedField(state, derived, 'scansion');
  const [ipa, ipaSource] = derivedField(state, derived, 'ipa');
  const [hyphenated, hyphenSource] = derivedField(state, derived, 'hyphenated');
  const [pronouns, pronounSource] = derivedField(state, derived, 'pronouns');
  const revised = state.text.revised;
  return {
    lineNumber: state.sentence,
    stanzaNumber: place?.stanzaNumber ?? null,
    lines: text.join('\n'),
    motherNote: state.fields.motherNote ?? null,
    aurobindoNote: state.fields.aurobindoNote ?? null,
    sentenceD: state.media.diagram?.[0]?.url ?? null,
    mos: { SLine: place?.poemStart ?? null, PoemPaintings: imageViews(state.media.painting), PoemSketches: imageViews(state.media.sketch) },
    Reason: state.fields.reason ?? null,
    lineScantion: scansion,
    ssanskrit: joined(state.translations.sa),
    Hyphenated: hyphenated,
    pronouns,
    revisedLine: revised && JSON.stringify(revised) !== JSON.stringify(state.text.first) ? revised.join('\n') : null,
    audiourl: state.media.audio?.[0]?.url ?? null,
    PoemImagesArtist: imageViews(state.media.artistImage),
    ipa_first: ipa,
    HindiLines: joined(state.translations.hi),
    FrenchCentenary: joined(state.translations.fr),
    GermanRevised: joined(state.translations.de),
    OriyaRevised: joined(state.translations.or),
    ChineseLines: joined(state.translations.zh),
    sanskrit_translation: state.fields.sanskritTransliteration ?? null,
    lines_first: (state.text.first ?? []).join('\n'),
    id: state.sentence,
    sentenceId: state.id,
    joinsPrevious: state.placement?.joinsPrevious ?? false,
    stanzaBreaks: state.placement?.stanzaBreaks ?? [],
    verseLines: text.map((t, i) => {
      // Running numbers follow the first edition (another edition's extra lines have none); a
      // first fragment that joins the previous sentence's verse line has that line's number.
      const line = i - (state.placement?.joinsPrevious ? 1 : 0);
      const numbered = place && line < place.lines;
      return {
        text: t,
        inPoemNumber: numbered ? place.poemStart + line : null,
        inBookNumber: numbered ? place.bookStart + line : null,
        inCantoNumber: numbered ? place.cantoStart + line : null,
      };
    }),
    commentary: state.commentary,
    sources: { lineScantion: scansionSource, ipa_first: ipaSource, Hyphenated: hyphenSource, pronouns: pronounSource },
  };
}
