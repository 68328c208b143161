/**
 * Minimal typings for the parts of the `hyphen` package used by the poem
 * analysis (the package ships no types). The package has no `exports` map, so
 * Node's ESM resolver needs the explicit `/index.js` sub-path.
 */
declare module 'hyphen/en-us/index.js' {
  export interface HyphenationOptions {
    /** Character inserted at each break; default U+00AD soft hyphen. */
    hyphenChar?: string;
    /** Words shorter than this are left alone; default 5. */
    minWordLength?: number;
    /** Hand-hyphenated exceptions such as `"ta-ble"`. */
    exceptions?: string[];
  }
  export interface Hyphenator {
    hyphenateSync(text: string, options?: HyphenationOptions): string;
    hyphenate(text: string, options?: HyphenationOptions): Promise<string>;
  }
  const hyphenator: Hyphenator;
  export default hyphenator;
}

declare module 'hyphen/en-gb/index.js' {
  import type { Hyphenator } from 'hyphen/en-us/index.js';
  const hyphenator: Hyphenator;
  export default hyphenator;
}
