import { useEffect } from 'react';
import { SIGN_IN_URL } from './auth-provider';

/** The console has no login form of its own: the site's login page signs administrators in. */
export function SignInPage() {
  useEffect(() => window.location.assign(SIGN_IN_URL), []);
  return (
    <p style={{ padding: '2rem', fontFamily: 'sans-serif' }}>
      Administrators only. <a href={SIGN_IN_URL}>Log in on the site</a> as an administrator.
    </p>
  );
}
