import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import type { BlogDirectory } from '../accounts/role-assignment-facts.js';
import type { ApiDeps } from '../deps.js';

/** The blogs users can be given or follow, from the blogs read model. */
export function blogDirectory(deps: Pick<ApiDeps, 'progress'>): BlogDirectory {
  return async () => {
    const db = await deps.progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
    return (await db.selectFrom('blogs').select(['blog_id', 'title']).orderBy('title').execute()).map((b) => ({ id: b.blog_id, name: b.title }));
  };
}
