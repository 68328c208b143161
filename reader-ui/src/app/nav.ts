export interface NavItem {
  readonly href: string;
  readonly label: string;
}

/** Top navigation entries; later features (read, books, blogs, search) add theirs here. */
export const navItems: readonly NavItem[] = [
  { href: '/', label: 'Home' },
  { href: '/1/1/1', label: 'Read' },
  { href: '/lookup', label: 'Look up' },
  { href: '/blogs', label: 'Blogs' },
];

/** Whether a nav entry is the current page: "/" only on the home page, others on their whole subtree. */
export function isActivePath(location: string, href: string): boolean {
  if (href === '/') return location === '/' || location === '';
  const base = href.endsWith('/') ? href.slice(0, -1) : href;
  return location === base || location.startsWith(`${base}/`);
}
