import { notJson } from '../api/responses.js';

/** GET /robots.txt */
export const robotsText = notJson('text/plain: the addresses crawlers should leave, and where the sitemap is');
/** GET /sitemap.xml and /sitemap/{part}.xml */
export const sitemapXml = notJson('application/xml: a sitemaps.org index of the parts, or a part: addresses with their lastmod');
