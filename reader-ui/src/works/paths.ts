import type { WorkType } from '@epos/schemas/works/events';
import { profilePath } from '../ui/account-urls';

/** The works pages' slugs: the names readers see, not the API's type codes. */
const WORK_TYPE_SLUGS: Readonly<Record<WorkType, string>> = { text: 'annotations', audio: 'audio', video: 'video', rts: 'references', slps: 'slides' };

export const worksPaths = {
  byType: (type: WorkType) => `/works/${WORK_TYPE_SLUGS[type]}`,
  profile: profilePath,
  sentence: (n: string | number) => `/${n}`,
} as const;

/** The type a works page's slug names, or null. */
export function typeOfSlug(slug: string): WorkType | null {
  const found = (Object.entries(WORK_TYPE_SLUGS) as [WorkType, string][]).find(([, s]) => s === slug);
  return found ? found[0] : null;
}

/** "3,4" → [3, 4]: a work's sentences as the answer lists them. */
export const sentencesOf = (list: string): number[] =>
  list
    .split(',')
    .filter((s) => /^\d+$/.test(s.trim()))
    .map(Number);

/**
 * The only frame a work may embed: a YouTube video from youtube-nocookie.com by its id. The server
 * builds the address from a checked id; this is checked again so that nothing else is ever framed.
 */
const SAFE_EMBED = /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}$/;
export const safeEmbed = (url: string | null | undefined): string | null => (url && SAFE_EMBED.test(url) ? url : null);

/** A link a work may show: https, or a path on this site (an uploaded recording). */
export function safeLink(url: string): string | null {
  if (/^\/media\/files\/[0-9a-f]{64}\.[a-z0-9]+$/.test(url)) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
