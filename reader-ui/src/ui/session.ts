import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useHydrated } from './use-hydrated';
import { useCallback, useEffect } from 'react';
import { allows, permissions, type Permission } from '@epos/schemas/accounts/permissions';
import type { MeAnswer } from '@epos/schemas/accounts/responses';
import { getJson, renewCsrfToken } from './http';

const ME_URL = '/api/me';

type SignedIn = Extract<MeAnswer, { loggedIn: true }>;

/** GET /api/me's answer as the pages use it: no name when the server has none. */
export interface Me {
  readonly loggedIn: MeAnswer['loggedIn'];
  readonly userName?: NonNullable<SignedIn['userName']>;
  readonly role?: SignedIn['role'];
}

const LOGGED_OUT: Me = { loggedIn: false };

/** Reads GET /api/me; anything unexpected counts as logged out. */
export function toMe(body: unknown): Me {
  if (typeof body !== 'object' || body === null || (body as { loggedIn?: unknown }).loggedIn !== true) return LOGGED_OUT;
  const answer = body as Partial<SignedIn>;
  const userName = typeof answer.userName === 'string' && answer.userName.trim() !== '' ? answer.userName : undefined;
  const role = answer.role;
  return { loggedIn: true, ...(userName === undefined ? {} : { userName }), ...(role === undefined ? {} : { role }) };
}

/** GET /api/me: who is logged in. Fails as "logged out". */
async function fetchMe(signal?: AbortSignal): Promise<Me> {
  const answer = await getJson(ME_URL, { signal }).catch(() => null);
  return answer?.ok ? toMe(answer.data) : LOGGED_OUT;
}

/** Who is logged in, from GET /api/me; null until the first answer. */
const meAtom = atom<Me | null>(null);

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
  // while the browser hydrates a page the server rendered for nobody in particular, nobody is signed in
  const hydrated = useHydrated();
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
  return hydrated ? me : null;
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
