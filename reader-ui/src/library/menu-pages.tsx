import { useEffect, useId } from 'react';
import { Link, useLocation } from 'wouter';
import { isActivePath } from '../ui/active-path';
import { useMenuDisclosure } from '../ui/use-dismiss';
import { useLibraryMenus } from './menus';

/**
 * The library's 'Main menu' pages in the top navigation, in the API's order (priority, then name):
 * behind one "Pages" button, so however many there are the row keeps its width. Closed again by a
 * choice, Escape or a click outside.
 */
export function LibraryMenuPages() {
  const { main } = useLibraryMenus();
  const [location] = useLocation();
  const { open, setOpen, rootRef, buttonRef } = useMenuDisclosure<HTMLLIElement>();
  const listId = useId();
  useEffect(() => setOpen(false), [location]);
  if (main.length === 0) return null;
  const current = main.some((page) => isActivePath(location, page.url));
  return (
    <li className="nav-pages" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={current ? 'nav-pages-button is-current' : 'nav-pages-button'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        data-testid="nav-library-pages"
      >
        Pages
        <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12" focusable="false">
          <path d="M3 6l5 5 5-5" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={listId} className="nav-pages-list" hidden={!open}>
        {main.map((page) => (
          <li key={page.pageid}>
            <Link href={page.url} aria-current={isActivePath(location, page.url) ? 'page' : undefined}>
              {page.name}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
