import { feedPaths } from './paths';

/**
 * A blog's RSS feed (and a series' on its page) in the document's head, where browsers and feed
 * readers look for it, as Ghost's head does on every page of a site. React hoists a rendered
 * <link> into <head> and takes it out when the page goes.
 */
export function BlogFeedLinks({ blog, title, series }: { blog: string; title: string; series?: { readonly slug: string; readonly title: string } }) {
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={title} href={feedPaths.rss(blog)} />
      {series !== undefined && (
        <link rel="alternate" type="application/rss+xml" title={`${title}: ${series.title}`} href={feedPaths.seriesRss(blog, series.slug)} />
      )}
    </>
  );
}
