import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_ANSWERS_ID, type ServerAnswers, type ServerRenderer } from '@epos/schemas/pages/server-render';
import type { Language } from '@epos/schemas/poem/editions';
import { languagesFromCookie, languagesFromSearch } from '@epos/schemas/poem/address-languages';
import { scriptJson } from './head-tags.js';
import { moduleLinksFrom } from './module-links.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The reader app's server renderer, as `npm run build:ui` writes it (reader-ui/vite.config.ts). */
const RENDERER_FILE = path.join(root, 'reader-ui/dist-ssr/entry-server.js');
/** The browser build's manifest: which files each module loaded on demand needs. */
const MANIFEST_FILE = path.join(root, 'reader-ui/dist/.vite/manifest.json');
/** A page not rendered within this is answered with its head only: the app renders it in the browser. */
export const RENDER_TIMEOUT_MS = 5000;

/** The reader app's server renderer, and the links for the modules a page rendered. */
export interface AppRenderer extends ServerRenderer {
  links(modules: readonly string[]): string;
}

/** The reader app's server renderer, or null when it is not built (the pages then carry their heads only). */
export async function loadRenderer(file = RENDERER_FILE, manifest = MANIFEST_FILE): Promise<AppRenderer | null> {
  if (!fs.existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as Partial<ServerRenderer>;
  return typeof loaded.renderPage === 'function' ? { renderPage: loaded.renderPage, links: moduleLinksFrom(manifest) } : null;
}

/** The translations a section is rendered with, and whether they are the reader's own (their cookie) rather than the address's. */
export interface RenderedLanguages {
  readonly shown: Language[];
  /** The reader's own, as their cookie names them, when the address names none; else null. */
  readonly own: Language[] | null;
}

/**
 * The translations a section is rendered with: those its address asks for (`?lang=de,fr`), else the
 * reader's own (their cookie, in `cookies`), in menu order; null when the query holds anything else,
 * which only the app in the browser knows how to show (a search to highlight, a day to read as of).
 */
export function renderedLanguages(search: string, cookies?: string): RenderedLanguages | null {
  if ([...new URLSearchParams(search).keys()].some((key) => key !== 'lang')) return null;
  const named = languagesFromSearch(search);
  const own = named === null ? languagesFromCookie(cookies) : null;
  return { shown: named ?? own ?? [], own };
}

/**
 * The page with the app's HTML in its root and the answers it was rendered from beside it, for the
 * browser to hydrate; `links` (the modules it rendered) join its head.
 */
export function pageWithBody(page: string, body: { html: string; answers: ServerAnswers; links?: string }): string {
  const { html, answers, links = '' } = body;
  return page
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('</head>', links === '' ? '</head>' : `  ${links}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html}</div>\n    <script type="application/json" id="${SERVER_ANSWERS_ID}">${scriptJson(answers)}</script>`,
    );
}
