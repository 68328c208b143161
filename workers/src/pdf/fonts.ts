import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * The fonts the editions are set in, shipped by npm (Fontsource's Noto packages, SIL Open Font
 * License): Latin and Greek/Cyrillic in Noto Serif, Sanskrit and Hindi in Noto Serif Devanagari,
 * Odia in Noto Sans Oriya (there is no Noto Serif Oriya on the registry), Chinese in Noto Serif SC.
 * Chromium shapes them with HarfBuzz, so conjuncts and reordered vowel signs come out right.
 */
const FAMILIES = [
  { pkg: '@fontsource/noto-serif', sheets: ['400.css', '400-italic.css', '700.css'] },
  { pkg: '@fontsource/noto-serif-devanagari', sheets: ['400.css', '700.css'] },
  { pkg: '@fontsource/noto-sans-oriya', sheets: ['400.css', '700.css'] },
  { pkg: '@fontsource/noto-serif-sc', sheets: ['400.css'] },
] as const;

/**
 * Characters none of them has (rare Han characters, other scripts) fall to the system's fonts:
 * Noto Serif CJK SC for Han, then whatever fontconfig finds (fonts-noto-* on Debian); Chromium
 * embeds those too.
 */
export const FONT_STACK = "'Noto Serif', 'Noto Serif Devanagari', 'Noto Sans Oriya', 'Noto Serif SC', 'Noto Serif CJK SC', serif";

let css: string | null = null;

/** @font-face rules pointing at the packages' own files (file:// URLs; the page is opened from a file too). */
export function fontFaceCss(): string {
  css ??= FAMILIES.map(({ pkg, sheets }) => {
    const dir = path.dirname(require.resolve(`${pkg}/package.json`));
    const base = pathToFileURL(`${dir}/`).href;
    // Only the woff2 source: Chromium reads it, and the woff fallback would double each rule.
    return sheets
      .map((sheet) => readFileSync(path.join(dir, sheet), 'utf8'))
      .join('\n')
      .replace(
        /url\(\.\/files\/([^)]+\.woff2)\) format\('woff2'\), url\(\.\/files\/[^)]+\.woff\) format\('woff'\)/g,
        (_m, file: string) => `url(${base}files/${file}) format('woff2')`,
      )
      .replace(/url\(\.\/files\//g, `url(${base}files/`);
  }).join('\n');
  return css;
}
