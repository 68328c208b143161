import { useHydrated } from '../ui/use-hydrated';
import { feedPaths } from './paths';

/**
 * A blog's RSS feed (and a series' on its page) in the document's head, where browsers and feed
 * readers look for it, as Ghost's head does on every page of a site. React hoists a rendered
 * <link> into <head> and takes it out when the page goes. A page the server rendered carries them in
 * its head already: they are added once the app has it (rendered on the server, React would leave
 * them in the body, where nothing looks).
 */
export function BlogFeedLinks({ blog, title, series }: { blog: string; title: string; series?: { readonly slug: string; readonly title: string } }) {
  if (!useHydrated()) return null;
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={title} href={feedPaths.rss(blog)} />
      {series !== undefined && (
        <link rel="alternate" type="application/rss+xml" title={`${title}: ${series.title}`} href={feedPaths.seriesRss(blog, series.slug)} />
      )}
    </>
  );
}
