export interface NavItem {
  readonly href: string;
  readonly label: string;
  /** Paths where this entry is the current one, besides its own subtree. */
  readonly current?: RegExp;
  /** Goes to where this reader left off, once there is such a place. */
  readonly resumesReading?: true;
}

/** Top navigation entries; later features (read, books, blogs, search) add theirs here. */
export const navItems: readonly NavItem[] = [
  { href: '/', label: 'Home' },
  { href: '/1/1/1', label: 'Read', current: /^\/\d+\/\d+\/\d+(?:\/|$)/, resumesReading: true },
  { href: '/lookup', label: 'Look up' },
  { href: '/books', label: 'Books' },
  { href: '/blogs', label: 'Blogs' },
];

/** The footer's own entries (before the library's footer pages): pages the top row has no room for. */
export const footerItems: readonly NavItem[] = [
  { href: '/notifications', label: 'Recent activity' },
  { href: '/works/annotations', label: "Readers' works" },
  { href: '/counts', label: 'Count statistics' },
  { href: '/downloads', label: 'Read offline' },
];
