import type { Projection, Runtime } from '@epos/platform';
import { createSearchIndex, type SearchIndex } from '@epos/platform/search/index';
import { searchProjection } from './search/search-projection.js';
import { changeLogProjection } from './history/change-log.js';
import { poemProjection } from './poem/poem-projection.js';
import { usersProjection } from './accounts/users-projection.js';
import { notesProjection } from './accounts/notes-projection.js';
import { blogsProjection } from './blogs/blogs-projection.js';
import { suggestionsProjection } from './suggestions/suggestions-projection.js';
import { libraryProjection } from './library/library-projection.js';
import { booksProjection } from './books/books-projection.js';
import { mediaProjection } from './media/media-projection.js';
import { storageProjection } from './media/storage-projection.js';
import { statsProjection } from './stats/stats-projection.js';
import { worksProjection } from './works/works-projection.js';
import { activityProjection } from './activity/activity-projection.js';
import { highlightsProjection } from './study/highlights-projection.js';
import { readingProjection } from './study/reading-projection.js';
import { plansProjection } from './study/plans-projection.js';
import { backlinksProjection } from './poem/backlinks-projection.js';

export { changeLogProjection };
/**
 * The product's projections that need nothing but the database. Features add theirs here; the search
 * projection also needs an index, so it joins them in `productProjections`.
 */
export const allProjections: readonly Projection[] = [
  changeLogProjection as Projection,
  poemProjection as Projection,
  usersProjection as Projection,
  notesProjection as Projection,
  blogsProjection as Projection,
  suggestionsProjection as Projection,
  libraryProjection as Projection,
  booksProjection as Projection,
  mediaProjection as Projection,
  storageProjection as Projection,
  statsProjection as Projection,
  worksProjection as Projection,
  activityProjection as Projection,
  highlightsProjection as Projection,
  readingProjection as Projection,
  plansProjection as Projection,
  backlinksProjection as Projection,
];

/** The product's projections with the search projection, which writes into `search`. */
export function productProjections(search: SearchIndex): readonly Projection[] {
  return [...allProjections, searchProjection(search) as Projection];
}

/**
 * The product's projections in a process that runs them: the search projection writes into the
 * index the configuration names. Such a process never answers searches (the API does), so it has no
 * read-model versions to look up.
 */
export function runtimeProjections(runtime: Pick<Runtime, 'config' | 'database'>): readonly Projection[] {
  const writeOnly = { schemaOf: () => Promise.reject(new Error('the projections process does not answer searches')) };
  return productProjections(createSearchIndex(runtime.config, { database: runtime.database, readModels: writeOnly }));
}
