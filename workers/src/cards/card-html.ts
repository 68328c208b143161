import { escapeHtml } from '@epos/platform/markdown/index';
import { SHARE_CARD_SIZE } from '@epos/platform/cards/card-id';
import type { ShareCardContent } from '@epos/schemas';
import { fontFaceCss, FONT_STACK } from '../pdf/fonts.js';

/** Type size by how much there is to show (the card is drawn without JavaScript, so nothing is measured). */
function sizeFor(chars: number): number {
  if (chars <= 90) return 52;
  if (chars <= 180) return 44;
  if (chars <= 320) return 36;
  if (chars <= 520) return 30;
  return 26;
}

const block = (cls: string, part: { text: string; lang: string }) =>
  `<div class="${cls}" lang="${escapeHtml(part.lang)}" dir="auto">${escapeHtml(part.text.trim())}</div>`;

/**
 * A share card as an HTML page of 1,200 × 630 CSS pixels: where the text stands, the text with its
 * lines (verse keeps them), its translation when the address chose one (or a page's description under
 * its title), and the site. Set in the
 * editions' Noto fonts, so Devanagari, Odia and Chinese are shaped by Chromium's HarfBuzz. Text too
 * long for the card fades out at its foot.
 */
export function shareCardHtml(content: ShareCardContent): string {
  const chars = content.main.text.length + (content.below ? content.below.text.length * 0.8 : 0);
  const size = sizeFor(chars);
  const { width, height } = SHARE_CARD_SIZE;
  return `<!doctype html>
<html lang="${escapeHtml(content.main.lang)}"><head><meta charset="utf-8" />
<style>
${fontFaceCss()}
* { box-sizing: border-box; margin: 0; }
html, body { width: ${width}px; height: ${height}px; overflow: hidden; }
body { font-family: ${FONT_STACK}; background: #fbf8f1; color: #2b2620; display: flex; flex-direction: column;
  padding: 56px 72px 44px; border-left: 18px solid #8a3b12; }
.heading { font-size: 24px; letter-spacing: 0.02em; color: #7a6a58; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.body { flex: 1; overflow: hidden; margin: 28px 0 20px; position: relative; }
.body::after { content: ''; position: absolute; left: 0; right: 0; bottom: 0; height: 48px; background: linear-gradient(rgba(251,248,241,0), #fbf8f1); }
.main { font-size: ${size}px; line-height: 1.32; white-space: pre-line; }
.below { font-size: ${Math.round(size * 0.72)}px; line-height: 1.35; white-space: pre-line; color: #5a4d40; margin-top: ${Math.round(size * 0.6)}px; }
.translation:lang(en), .translation:lang(fr), .translation:lang(de) { font-style: italic; }
.description { font-size: ${Math.min(34, Math.round(size * 0.72))}px; }
.footer { font-size: 22px; color: #7a6a58; display: flex; justify-content: space-between; border-top: 2px solid #e4dccd; padding-top: 16px; }
</style></head>
<body>
<div class="heading" dir="auto">${escapeHtml(content.heading)}</div>
<div class="body">${block('main', content.main)}${content.below ? block(`below ${content.below.role}`, content.below) : ''}</div>
<div class="footer" dir="auto">${escapeHtml(content.footer)}</div>
</body></html>`;
}
