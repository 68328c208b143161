// citation-js 0.8 ships no types: the little of it this feature uses.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown);
    format(format: 'biblatex' | 'bibtex' | 'ris' | 'data', options?: Record<string, unknown>): string | object;
    data: Record<string, unknown>[];
  }
  export const plugins: { config: { get(name: string): unknown } };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
