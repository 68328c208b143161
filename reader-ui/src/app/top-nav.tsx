import { useEffect, useId } from 'react';
import { useMenuDisclosure } from '../ui/use-dismiss';
import { Link, useLocation, useSearch } from 'wouter';
import { AccountNav } from '../accounts/account-nav';
import { NotificationsLink } from '../activity/notifications-link';
import { LibraryMenuPages } from '../library/menu-pages';
import { SearchBox } from '../search/search-box';
import { lastRead } from './last-read';
import { isActivePath } from '../ui/active-path';
import { navItems } from './nav';
import { site } from '../ui/site';
import { useHydrated } from '../ui/use-hydrated';

/**
 * The site's navigation. Wide screens show every destination in one row; below 66rem a
 * "Menu" button opens them as a panel (closed again by a choice, Escape or a click outside).
 */
export function TopNav() {
  const [location] = useLocation();
  const search = useSearch();
  const { open, setOpen, rootRef, buttonRef } = useMenuDisclosure<HTMLElement>();
  const menuId = useId();
  const hydrated = useHydrated();

  // any navigation closes the menu, also one that only changes the query (a new search from /search)
  useEffect(() => setOpen(false), [location, search]);

  return (
    <nav className="top-nav" aria-label="Main" ref={rootRef}>
      <Link href="/" className="brand">
        {site.name}
      </Link>
      <button ref={buttonRef} type="button" className="menu-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
        <svg aria-hidden="true" viewBox="0 0 16 16" width="18" height="18" focusable="false">
          <path d={open ? 'M3 3l10 10M13 3L3 13' : 'M2 4h12M2 8h12M2 12h12'} stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <span className="menu-label">Menu</span>
      </button>
      <div id={menuId} className={open ? 'nav-menu is-open' : 'nav-menu'}>
        <ul className="nav-links">
          {navItems.map((item) => {
            const current = isActivePath(location, item.href, item.current);
            const href = item.resumesReading && hydrated ? (lastRead()?.path ?? item.href) : item.href;
            return (
              <li key={item.href}>
                <Link href={href} aria-current={current ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            );
          })}
          {/* the library's 'Main menu' pages follow the site's own entries */}
          <LibraryMenuPages />
        </ul>
        <SearchBox />
        <AccountNav bell={(reader) => <NotificationsLink reader={reader} />} />
      </div>
    </nav>
  );
}
