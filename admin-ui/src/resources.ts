import type { ResourceProps } from 'react-admin';
import events from './events/index';
import users from './users/index';
import blogs from './blogs/index';
import posts from './posts/index';
import comments from './comments/index';
import sentences from './sentences/index';
import translations from './translations/index';
import relations from './relations/index';
import layers from './layers/index';
import suggestions from './suggestions/index';
import pages from './pages/index';
import authors from './authors/index';
import books from './books/index';
import media from './media/index';
import plans from './plans/index';

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
export type ResourceModule = Pick<ResourceProps, 'list' | 'edit' | 'create' | 'show' | 'icon' | 'recordRepresentation' | 'options'>;

export interface ResourceEntry extends ResourceModule {
  readonly name: string;
}

/** Every admin resource, in menu order: one line each. */
export const resources: readonly ResourceEntry[] = [
  { name: 'sentences', ...sentences },
  { name: 'translations', ...translations },
  { name: 'relations', ...relations },
  { name: 'layers', ...layers },
  { name: 'media', ...media },
  { name: 'events', ...events },
  { name: 'users', ...users },
  { name: 'blogs', ...blogs },
  { name: 'posts', ...posts },
  { name: 'comments', ...comments },
  { name: 'pages', ...pages },
  { name: 'authors', ...authors },
  { name: 'books', ...books },
  { name: 'suggestions', ...suggestions },
  { name: 'plans', ...plans },
];
