import type { Projection } from '@epos/platform';
import { changeLogProjection } from './history/change-log.js';
import { poemProjection } from './poem/poem-projection.js';
import { usersProjection } from './accounts/users-projection.js';
import { notesProjection } from './accounts/notes-projection.js';
import { blogsProjection } from './blogs/blogs-projection.js';
import { suggestionsProjection } from './suggestions/suggestions-projection.js';

export { changeLogProjection };
export type { ChangeLogReadModel } from './history/change-log.js';

/** Every projection the product runs. Features add theirs here. */
export const allProjections: readonly Projection[] = [changeLogProjection as Projection, poemProjection as Projection, usersProjection as Projection, notesProjection as Projection, blogsProjection as Projection, suggestionsProjection as Projection];
