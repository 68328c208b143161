import type { ResourceProps } from 'react-admin';

/**
 * What one resource folder exports, as in react-admin's demo:
 *
 *   // src/blogs/posts/index.ts
 *   import ArticleIcon from '@mui/icons-material/Article';
 *   export default {
 *     list: PostList, edit: PostEdit, create: PostCreate, show: PostShow, icon: ArticleIcon,
 *   } satisfies ResourceModule;
 *
 * and is then registered below as `{ name: 'posts', ...posts }`. The name is the
 * path segment of the admin API: /admin-api/posts.
 */
export type ResourceModule = Pick<
  ResourceProps,
  'list' | 'edit' | 'create' | 'show' | 'icon' | 'recordRepresentation' | 'options'
>;

export interface ResourceEntry extends ResourceModule {
  readonly name: string;
}

/** Every admin resource, in menu order. None exist on the server yet. */
export const resources: readonly ResourceEntry[] = [];
