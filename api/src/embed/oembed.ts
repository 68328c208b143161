/** The largest embed oEmbed offers, and the width when the consumer sets none (as quran.com's and most rich embeds). */
const EMBED_WIDTH = 560;
const MIN_WIDTH = 240;

/** Where a site address points for an embed: a sentence by its permanent id or its number, with the edition and language it asks for. */
export type EmbedTarget = { id: number } | { n: number };

/**
 * The sentence a URL of this site shows (`/s/{id}`, `/embed/s/{id}`, `/{n}`), or null when it is
 * another site's or no sentence's address.
 */
export function embedTargetOf(url: string, origin: string): { target: EmbedTarget; search: URLSearchParams } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(origin).origin) return null;
  const permanent = /^\/(?:embed\/)?s\/(\d{1,9})\/?$/.exec(parsed.pathname);
  if (permanent) return { target: { id: Number(permanent[1]) }, search: parsed.searchParams };
  const numbered = /^\/(\d{1,9})\/?$/.exec(parsed.pathname);
  if (numbered) return { target: { n: Number(numbered[1]) }, search: parsed.searchParams };
  return null;
}

/** The embed's width within the consumer's maxwidth. */
export const embedWidth = (maxwidth: number | undefined): number => Math.max(MIN_WIDTH, Math.min(EMBED_WIDTH, maxwidth ?? EMBED_WIDTH));
