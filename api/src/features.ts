import type { FastifyPluginAsync } from 'fastify';
import type { ApiDeps } from './deps.js';
import { devMailRoutes } from './dev-mail/routes.js';
import { dictionaryRoutes } from './dictionary/routes.js';
import { mediaRoutes } from './media/routes.js';
import { mediaUploadRoutes } from './media/upload-routes.js';
import { blogReadRoutes } from './blogs/read-routes.js';
import { blogWriteRoutes } from './blogs/write-routes.js';
import { commentRoutes } from './blogs/comment-routes.js';
import { subscriptionRoutes } from './blogs/subscription-routes.js';
import { poemRoutes } from './poem/routes.js';
import { poemEditRoutes } from './poem/edit-routes.js';
import { siteRoutes } from './site/routes.js';
import { speechRoutes } from './speech/routes.js';
import { myNotesRoutes } from './accounts/my-notes-routes.js';
import { suggestionRoutes } from './suggestions/routes.js';
import { adminRoutes } from './admin/routes.js';
import { searchRoutes } from './search/routes.js';
import { bookReadRoutes } from './books/read-routes.js';
import { bookWriteRoutes } from './books/write-routes.js';
import { libraryReadRoutes } from './library/read-routes.js';
import { libraryWriteRoutes } from './library/write-routes.js';
import { pdfRoutes } from './pdf/routes.js';
import { statsRoutes } from './stats/routes.js';
import { worksReadRoutes } from './works/read-routes.js';
import { worksWriteRoutes } from './works/write-routes.js';
import { activityRoutes } from './activity/routes.js';
import { sitemapRoutes } from './sitemap/routes.js';
import { citeRoutes } from './cite/routes.js';
import { embedRoutes } from './embed/routes.js';
import { studyRoutes } from './study/routes.js';
import { bookmarkRoutes } from './study/bookmark-routes.js';
import { readingRoutes } from './study/reading-routes.js';
import { planRoutes } from './study/plan-routes.js';
import { sharedHighlightsRoutes } from './study/shared-highlights-routes.js';
import { connectionRoutes } from './poem/connections-routes.js';

/** Every feature's routes, mounted in this order. Features add themselves here. */
export const featureRoutes: ((deps: ApiDeps) => FastifyPluginAsync)[] = [
  siteRoutes,
  poemRoutes,
  poemEditRoutes,
  mediaRoutes,
  mediaUploadRoutes,
  blogReadRoutes,
  blogWriteRoutes,
  commentRoutes,
  subscriptionRoutes,
  devMailRoutes,
  dictionaryRoutes,
  speechRoutes,
  suggestionRoutes,
  myNotesRoutes,
  studyRoutes,
  bookmarkRoutes,
  readingRoutes,
  planRoutes,
  sharedHighlightsRoutes,
  connectionRoutes,
  searchRoutes,
  libraryWriteRoutes,
  bookReadRoutes,
  bookWriteRoutes,
  adminRoutes,
  libraryReadRoutes,
  pdfRoutes,
  statsRoutes,
  worksReadRoutes,
  worksWriteRoutes,
  activityRoutes,
  sitemapRoutes,
  citeRoutes,
  embedRoutes,
];
