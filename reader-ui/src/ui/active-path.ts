/** Whether a nav entry is the current page: "/" only on the home page, others on their whole subtree. */
export function isActivePath(location: string, href: string, current?: RegExp): boolean {
  if (current?.test(location)) return true;
  if (href === '/') return location === '/' || location === '';
  const base = href.endsWith('/') ? href.slice(0, -1) : href;
  return location === base || location.startsWith(`${base}/`);
}
