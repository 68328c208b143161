import type { AuthProvider } from 'react-admin';
import type { MeAnswer } from '@epos/schemas/accounts/responses';
import { adminFetch } from './data-provider';

/** Where an administrator signs in: the site's own login page, coming back here. */
export const SIGN_IN_URL = `/login?ReturnUrl=${encodeURIComponent('/admin/')}`;

async function me(): Promise<MeAnswer> {
  const response = await fetch('/api/me', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  return (await response.json()) as MeAnswer;
}

/**
 * The console is for administrators signed in on the site: anyone else is sent to the site's
 * login page. The API checks every request on its own (admin only); this only steers the screen.
 */
export const authProvider: AuthProvider = {
  login: () => Promise.resolve(),
  // Logging out of the console logs out of the site (one session).
  async logout() {
    await adminFetch('/logoff', { method: 'POST', body: '{}' }).catch(() => undefined);
  },
  async checkAuth() {
    const who = await me();
    if (!who.loggedIn || who.role !== 'admin') throw new Error('Administrators only');
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401) throw new Error('Signed out');
  },
  async getIdentity() {
    const who = await me();
    if (!who.loggedIn) throw new Error('Signed out');
    return { id: who.userId, fullName: who.userName ?? 'Administrator' };
  },
  async getPermissions() {
    const who = await me();
    return who.loggedIn ? who.role : null;
  },
};
