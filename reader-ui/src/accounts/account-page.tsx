import { useEffect, useId, type ReactNode } from 'react';
import { usePageTitle } from '../ui/use-page-title';
import { prefetchCsrfToken } from '../ui/http';
import './accounts.css';

/** Frame of an account screen: page title, heading, and the anti-forgery token fetched early. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  const headingId = useId();
  useEffect(() => prefetchCsrfToken(), []);
  return (
    <section className="account-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      {children}
    </section>
  );
}

/** Links to the other account screens, under a form. */
export function AccountLinks({ children }: { children: ReactNode }) {
  return (
    <nav className="account-links" aria-label="Account">
      <ul>{children}</ul>
    </nav>
  );
}
