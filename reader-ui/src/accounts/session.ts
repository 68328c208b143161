import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { allows, permissions, type Permission } from '@epos/schemas/accounts/permissions';
import { fetchMe, renewCsrfToken, type Me } from './api';

/** Who is logged in, from GET /api/me; null until the first answer. */
export const meAtom = atom<Me | null>(null);

let loading: Promise<Me> | null = null;

/** One GET /api/me at a time, however many components ask. */
function loadMe(): Promise<Me> {
  loading ??= fetchMe().finally(() => {
    loading = null;
  });
  return loading;
}

/** The current user (null while unknown), loaded on first use. */
export function useMe(): Me | null {
  const me = useAtomValue(meAtom);
  const setMe = useSetAtom(meAtom);
  useEffect(() => {
    if (me !== null) return;
    let live = true;
    void loadMe().then((next) => {
      if (live) setMe(next);
    });
    return () => {
      live = false;
    };
  }, [me, setMe]);
  return me;
}

/**
 * After logging in or out: a new anti-forgery token for the new session, and the
 * navigation's user reloaded. Resolves with the new user.
 */
export function useSessionChanged(): () => Promise<Me> {
  const setMe = useSetAtom(meAtom);
  return useCallback(async () => {
    renewCsrfToken();
    const me = await fetchMe();
    setMe(me);
    return me;
  }, [setMe]);
}

/** Whether the reader may run a write, by the API's own permission table (so a control shows only when it would work). */
export function can(me: Me | null, permission: Permission): boolean {
  return allows(permissions[permission], me?.loggedIn === true ? (me.role ?? null) : null);
}
