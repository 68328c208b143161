import { countLabel } from '../ui/count-label';
import type { Archive, ArchivePost, SeriesEntry } from './api';
import { formatShortDate } from '@epos/schemas/dates/formats';
import { blogPaths } from './paths';

/** An archive tab's label: "2024 (12 posts)", "March (1 post)". */
export function tabLabel(name: string | number, total: number): string {
  return `${name} (${countLabel(total, 'post')})`;
}

/**
 * Which tabs start open: the newest year, and its newest month; the rest are
 * collapsed. Indexes are positions in the newest-first timeline.
 */
export function openByDefault(yearIndex: number, monthIndex?: number): boolean {
  return yearIndex === 0 && (monthIndex === undefined || monthIndex === 0);
}

/** A day heading in the archive: "5th Mar 24". */
export function archiveDayLabel(date: string): string {
  return formatShortDate(date);
}

export function archivePostPath(post: ArchivePost): string {
  return blogPaths.post(post.postBlogSlug, post.postslug);
}

/** Whether the archive holds posts from more than one blog (an author's): then each post names its blog. */
export function spansBlogs(archive: Archive): boolean {
  const blogs = new Set<string>();
  for (const year of archive.timeline ?? []) {
    for (const month of year.monthtimeline ?? []) {
      for (const day of month.postdate ?? []) {
        for (const post of day.postdetails ?? []) blogs.add(post.postBlogSlug);
      }
    }
  }
  return blogs.size > 1;
}

/** An id for a year or month tab: "archive-2024", "archive-2024-march". */
export function tabId(year: string | number, month?: string): string {
  const part = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return month === undefined ? `archive-${part(String(year))}` : `archive-${part(String(year))}-${part(month)}`;
}

/** Series under their first letters, A to Z, each letter's series by title. */
export function seriesByLetter(series: readonly SeriesEntry[]): { letter: string; series: SeriesEntry[] }[] {
  const groups = new Map<string, SeriesEntry[]>();
  for (const entry of series) {
    const letter = (entry.Letter || entry.slugUrl.charAt(0) || '#').toUpperCase();
    const list = groups.get(letter) ?? [];
    list.push(entry);
    groups.set(letter, list);
  }
  const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  return [...groups.entries()]
    .sort(([a], [b]) => byText(a, b))
    .map(([letter, list]) => ({ letter, series: list.sort((a, b) => byText(a.slugUrl, b.slugUrl)) }));
}
