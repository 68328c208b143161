import { Link, useLocation } from 'wouter';
import { AccountNav } from '../accounts/account-nav';
import { isActivePath, navItems } from './nav';
import { site } from './site';

export function TopNav() {
  const [location] = useLocation();
  return (
    <nav className="top-nav" aria-label="Main">
      <Link href="/" className="brand">
        {site.name}
      </Link>
      <ul className="nav-links">
        {navItems.map((item) => {
          const current = isActivePath(location, item.href);
          return (
            <li key={item.href}>
              <Link href={item.href} aria-current={current ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <AccountNav />
    </nav>
  );
}
