import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_ANSWERS_ID, type ServerAnswers, type ServerRenderer } from '@epos/schemas/pages/server-render';
import type { Language } from '@epos/schemas/poem/editions';
import { languagesFromSearch } from '@epos/schemas/poem/address-languages';
import { scriptJson } from './head-tags.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The reader app's server renderer, as `npm run build:ui` writes it (reader-ui/vite.config.ts). */
const RENDERER_FILE = path.join(root, 'reader-ui/dist-ssr/entry-server.js');
/** A page not rendered within this is answered with its head only: the app renders it in the browser. */
export const RENDER_TIMEOUT_MS = 5000;

/** The reader app's server renderer, or null when it is not built (the pages then carry their heads only). */
export async function loadRenderer(file = RENDERER_FILE): Promise<ServerRenderer | null> {
  if (!fs.existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as Partial<ServerRenderer>;
  return typeof loaded.renderPage === 'function' ? { renderPage: loaded.renderPage } : null;
}

/**
 * The translations a section's address asks for (`?lang=de,fr`), in menu order; null when the query holds anything else,
 * which only the app in the browser knows how to show (a search to highlight, a day to read as of).
 */
export function addressLanguages(search: string): Language[] | null {
  if ([...new URLSearchParams(search).keys()].some((key) => key !== 'lang')) return null;
  return languagesFromSearch(search) ?? [];
}

/** The page with the app's HTML in its root and the answers it was rendered from beside it, for the browser to hydrate. */
export function pageWithBody(page: string, html: string, answers: ServerAnswers): string {
  return page
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html}</div>\n    <script type="application/json" id="${SERVER_ANSWERS_ID}">${scriptJson(answers)}</script>`,
    );
}
