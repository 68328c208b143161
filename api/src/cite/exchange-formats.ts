import { Cite, plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import type { CslItem } from './csl-item.js';

// The item's id (csl-item.ts: one per sentence) is its BibTeX key, so that several sentences cited together keep apart.
(plugins.config.get('@bibtex') as { format: { useIdAsLabel: boolean } }).format.useIdAsLabel = true;

/**
 * The item for reference managers: BibTeX (in BibLaTeX's fields, so the day read is its urldate;
 * classic BibTeX styles skip fields they do not know), RIS and CSL-JSON, written by citation-js.
 */
export function exchangeFormats(item: CslItem): { bibtex: string; ris: string; cslJson: string } {
  const cite = new Cite([item]);
  return {
    bibtex: String(cite.format('biblatex')),
    ris: String(cite.format('ris')),
    cslJson: JSON.stringify([item], null, 2),
  };
}
