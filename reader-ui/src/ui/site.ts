import { withoutBidiRuns } from '@epos/schemas/api/bidi';

/**
 * Site-wide configuration. For now the site name is whatever index.html puts in its
 * `application-name` meta (else its <title>), falling back to "Epos": the server gives each
 * address a title of its own (a section's), so the title names the page, not the site.
 * What readers see is configuration, never code.
 */
export const DEFAULT_SITE_NAME = 'Epos';

/** Picks the site name from an initial document title, falling back to the default. */
export function siteNameFrom(initialTitle: string | undefined | null): string {
  const name = (initialTitle ?? '').trim();
  return name === '' ? DEFAULT_SITE_NAME : name;
}

export interface SiteConfig {
  readonly name: string;
}

/** The name the page was sent with: its `application-name` meta, else its title. */
function initialName(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector('meta[name="application-name"]')?.getAttribute('content') ?? document.title;
}

// Read once at start-up: later pages change document.title.
export const site: SiteConfig = {
  name: siteNameFrom(initialName()),
};

/**
 * "Not Found · Epos"; the bare site name for the home page. A title stored before the site refused
 * bidirectional runs loses them: the browser's tab has nothing to isolate it from the site name.
 */
export function pageTitle(page: string | undefined, siteName: string = site.name): string {
  const part = withoutBidiRuns(page ?? '').trim();
  return part === '' ? siteName : `${part} · ${siteName}`;
}
