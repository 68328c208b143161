import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { postCommand } from '../ui/command';
import { accountEndpoints, CONSOLE_SUGGESTIONS } from './api';
import { accountTexts } from './messages';
import { can, useMe, useSessionChanged } from '../ui/session';
import { accountPaths, loggedInOnlyPaths, loginHref } from '../ui/account-urls';
import { readerRoutes } from '@epos/schemas/reader-routes';

/**
 * The navigation's account corner: "Log in", or the user's name (change password), "My account", "My notes" and "Log out",
 * after `bell` (the app's notifications link for the signed-in reader).
 */
export function AccountNav({ bell }: { bell: (reader: string) => ReactNode }) {
  const me = useMe();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const toast = useToast();
  const sessionChanged = useSessionChanged();
  const [busy, setBusy] = useState(false);
  const loginLink = useRef<HTMLAnchorElement>(null);
  const focusLoginLink = useRef(false);

  // The focused "Log out" button is gone once logged out: keep keyboard focus in the nav.
  useEffect(() => {
    if (me?.loggedIn === false && focusLoginLink.current) {
      focusLoginLink.current = false;
      loginLink.current?.focus();
    }
  }, [me]);

  const logOut = async () => {
    if (busy) return;
    setBusy(true);
    const result = await postCommand(accountEndpoints.logoff, {});
    if (!result.ok) {
      setBusy(false);
      toast(result.message, 'error');
      return;
    }
    const leaving = loggedInOnlyPaths.includes(location);
    if (leaving) navigate('/');
    else focusLoginLink.current = true;
    await sessionChanged();
    setBusy(false);
    toast(result.data.message ?? accountTexts.loggedOut, 'success');
  };

  if (me === null) return <div className="account-nav" />;

  if (!me.loggedIn) {
    const here = search === '' ? location : `${location}?${search}`;
    return (
      <div className="account-nav">
        <Link ref={loginLink} href={loginHref(here)} className="nav-account-link" aria-current={location === accountPaths.login ? 'page' : undefined}>
          Log in
        </Link>
      </div>
    );
  }

  return (
    <div className="account-nav">
      {bell(me.userName ?? '')}
      <Link
        href={accountPaths.password}
        className="nav-account-link nav-user"
        aria-current={location === accountPaths.password ? 'page' : undefined}
        title="Change password"
      >
        {me.userName ?? 'Account'}
        <span className="visually-hidden"> (change password)</span>
      </Link>
      <Link href={accountPaths.account} className="nav-account-link" aria-current={location === accountPaths.account ? 'page' : undefined}>
        My account
      </Link>
      {can(me, 'suggestions.review') && (
        <a href={CONSOLE_SUGGESTIONS} className="nav-account-link">
          Suggestions
        </a>
      )}
      <Link href={readerRoutes.myNotes.path} className="nav-account-link" aria-current={location === readerRoutes.myNotes.path ? 'page' : undefined}>
        My notes
      </Link>
      <Link href={readerRoutes.myStudy.path} className="nav-account-link" aria-current={location === readerRoutes.myStudy.path ? 'page' : undefined}>
        My study
      </Link>
      <SpinnerButton type="button" busy={busy} className="nav-button" onClick={() => void logOut()}>
        Log out
      </SpinnerButton>
    </div>
  );
}
