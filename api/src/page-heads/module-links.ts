import fs from 'node:fs';
import path from 'node:path';

/** A chunk of the browser build, as Vite's manifest (`build.manifest`) describes it. */
interface ManifestChunk {
  file: string;
  name?: string;
  isDynamicEntry?: boolean;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** A module's chunk and the chunks it imports, each once. */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk, ...(chunk.imports ?? []).flatMap((imported) => chunksOf(manifest, imported, seen))];
}

/**
 * The `<link>` tags for modules the app loads on demand (their styles, and their code to fetch at
 * once), leaving out what the page's entry loads already: a page rendered on the server with them
 * shows styled and hydrates without waiting to discover them. Modules the build does not name add nothing.
 */
export function moduleLinks(manifest: Manifest): (modules: readonly string[]) => string {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  // A module another chunk also imports statically is keyed by its chunk's name (`_blog-routes-1a2b.js`), not its source path.
  const keyOf = (module: string) =>
    module in manifest
      ? module
      : Object.keys(manifest).find((key) => manifest[key]!.isDynamicEntry && manifest[key]!.name === path.basename(module, path.extname(module)));
  const loaded = new Set(entry === undefined ? [] : chunksOf(manifest, entry).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
  return (modules) => {
    const files = new Set(modules.flatMap((module) => chunksOf(manifest, keyOf(module) ?? module)).flatMap((chunk) => [...(chunk.css ?? []), chunk.file]));
    return [...files]
      .filter((file) => !loaded.has(file))
      .map((file) => (file.endsWith('.css') ? `<link rel="stylesheet" href="/${file}" />` : `<link rel="modulepreload" href="/${file}" />`))
      .join('\n    ');
  };
}

/** The links for the browser build's manifest at `file`; none without one. */
export function moduleLinksFrom(file: string): (modules: readonly string[]) => string {
  if (!fs.existsSync(file)) return () => '';
  return moduleLinks(JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest);
}
