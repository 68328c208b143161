import { escapeHtml } from '@epos/platform/markdown/index';
import { FONT_STACK, fontFaceCss } from './fonts.js';

/** What a page carries outside its text block: a running head and a page number, either or both absent. */
export interface PageFurniture {
  head: string | null;
  number: number | null;
}

/** The bands of a page that the furniture may print in, in mm from the page's top and foot: inside its margins (20 mm above, 18 mm below the text). */
export const HEAD_BAND_MM = 15;
export const FOOT_BAND_MM = 15;

/**
 * One page per page of the edition with only its running head and page number, printed by
 * Chromium in the edition's own fonts (embedded, every script) and laid over the foot and head
 * of its page by join-parts.ts. The cantos are printed apart, so Chromium's own header and footer
 * could only number each canto from 1, and its templates cannot use the page's fonts. A running
 * head keeps to one line: a long canto name is cut with an ellipsis (the canto's heading gives it
 * whole).
 */
export function pageFurnitureHtml(pages: readonly PageFurniture[]): string {
  const body = pages
    .map(
      (p) =>
        `<div class="page">${p.head ? `<p class="head">${escapeHtml(p.head)}</p>` : ''}${p.number === null ? '' : `<p class="number">${p.number}</p>`}</div>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${fontFaceCss()}
@page { size: 148mm 210mm; margin: 0; }
body { margin: 0; font-family: ${FONT_STACK}; color: #444; }
.page { position: relative; height: 209mm; overflow: hidden; }
.page + .page { break-before: page; }
.head { position: absolute; top: 8mm; left: 14mm; right: 16mm; margin: 0; font-size: 7.5pt; line-height: 1.3; font-style: italic; text-align: center; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.number { position: absolute; bottom: 7.5mm; left: 0; right: 0; margin: 0; font-size: 8pt; line-height: 1; text-align: center; font-variant-numeric: lining-nums; }
</style></head><body>${body}</body></html>`;
}
