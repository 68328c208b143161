/**
 * Pure logic of the commentary modal: which commentary layers have work on a
 * sentence, the GET for each, and where each section links to. No DOM here.
 */
import type { WorkSectionAnswer } from '@epos/schemas/poem/responses';

/** GET /api/worksection/{layer}/{n}: a layer's work on a sentence, in the spec's user-works shape. */
export type WorkSection = WorkSectionAnswer;

/** The layers (keys) with a non-empty entry for the sentence, in the order the section lists its layers. */
export function layersWithCommentary(commentary: Readonly<Record<string, string>> | null | undefined, order: readonly string[] = []): string[] {
  const keys = Object.entries(commentary ?? {})
    .filter(([, text]) => typeof text === 'string' && text.trim() !== '')
    .map(([key]) => key);
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i === -1 ? order.length : i;
  };
  return keys.sort((a, b) => rank(a) - rank(b));
}

export function workSectionUrl(layer: string, n: number): string {
  return `/api/worksection/${encodeURIComponent(layer)}/${n}`;
}

export type CommentaryLink = { readonly kind: 'internal'; readonly href: string } | { readonly kind: 'external'; readonly href: string } | null;

/** A section's link: a path on this site (client-side), an http(s) address, or nothing (anything else, say `javascript:`). */
export function commentaryLink(urlto: string | null | undefined): CommentaryLink {
  const href = (urlto ?? '').trim();
  if (href === '') return null;
  if (href.startsWith('/') && !href.startsWith('//')) return { kind: 'internal', href };
  if (/^https?:\/\//iu.test(href)) return { kind: 'external', href };
  return null;
}
