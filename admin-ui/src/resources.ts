import type { ResourceProps } from 'react-admin';
import events from './events';
import users from './users';
import blogs from './blogs';
import posts from './posts';
import comments from './comments';
import sentences from './sentences';
import translations from './translations';
import relations from './relations';
import layers from './layers';
import suggestions from './suggestions';
import pages from './pages';
import authors from './authors';
import books from './books';
import media from './media';

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
];
