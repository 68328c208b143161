import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Toaster } from '../ui/toast';
import { useLibraryMenus } from '../library/menus';
import { installGotoHash } from '../ui/goto-hash';
import './layout.css';
import { TopNav } from './top-nav';
import { footerItems } from './nav';
import { PAGE_BAR_SLOT_ID } from '../ui/page-bar';
import { site } from '../ui/site';
import { UpdatePrompt } from '../offline/update-prompt';

/**
 * The page shell: skip link, pinned top navigation (banner) with the page's own bar if it has one,
 * main content and footer.
 * After a client-side navigation, focus moves to <main> and the page scrolls to the
 * top, so keyboard and screen-reader users start reading the new page.
 */
export function Layout({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  const [location] = useLocation();
  const shownLocation = useRef(location);
  const { footer: footerPages } = useLibraryMenus();

  // `GotoHash` links anywhere in the app: one delegated listener.
  useEffect(() => installGotoHash(), []);

  useEffect(() => {
    if (shownLocation.current === location) return; // first render (and StrictMode's re-run)
    shownLocation.current = location;
    mainRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [location]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <TopNav />
        <div id={PAGE_BAR_SLOT_ID} className="page-bar-slot" />
      </header>
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <nav aria-label="Footer" className="footer-links">
          <ul>
            {footerItems.map((item) => (
              <li key={item.href}>
                <Link href={item.href}>{item.label}</Link>
              </li>
            ))}
            {footerPages.map((page) => (
              <li key={page.pageid}>
                <Link href={page.url}>{page.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>{site.name}</p>
      </footer>
      <Toaster />
      <UpdatePrompt />
    </>
  );
}
