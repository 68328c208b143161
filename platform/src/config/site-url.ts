import type { Config } from './config.js';

/** The site's public address without a trailing slash: PUBLIC_URL, else where this server listens. */
export function siteUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`).replace(/\/$/, '');
}

/** An absolute link into the site with `params` as its query. */
export function link(config: Config, path: string, params: Record<string, string>): string {
  return `${siteUrl(config)}${path}?${new URLSearchParams(params).toString()}`;
}
