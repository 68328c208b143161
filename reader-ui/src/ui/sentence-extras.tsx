import { createContext, useContext, type ComponentType } from 'react';

/**
 * What another feature adds to a sentence's study tools (the readers' works button), given by the
 * app: the poem's tools show it without knowing the feature behind it.
 */
const SentenceExtrasContext = createContext<ComponentType<{ n: number }> | null>(null);

export const SentenceExtrasProvider = SentenceExtrasContext.Provider;

/** The extra tools for sentence `n`, if the app gave any. */
export function SentenceExtras({ n }: { n: number }) {
  const Extras = useContext(SentenceExtrasContext);
  return Extras === null ? null : <Extras n={n} />;
}
