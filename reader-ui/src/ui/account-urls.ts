import { readerRoutes } from '@epos/schemas/reader-routes';

/** Addresses of the account screens (the reader's route table). The server answers the POSTs of the same names. */
export const accountPaths = {
  login: readerRoutes.login.path,
  register: readerRoutes.register.path,
  password: readerRoutes.password.path,
  account: readerRoutes.account.path,
  forgotPassword: readerRoutes.forgotPassword.path,
  resendActivation: readerRoutes.resendActivation.path,
  resetPassword: readerRoutes.resetPassword.path,
  confirmEmail: readerRoutes.confirmEmail.path,
} as const;

/** Screens only for logged-in users: leave them before the session ends. */
export const loggedInOnlyPaths: readonly string[] = [accountPaths.password, accountPaths.account];

const HOME = '/';
const ORIGIN = 'http://return-url.invalid';

/**
 * Browsers drop tabs and newlines from URLs and read "\" as "/", so "/\evil" and
 * "/<tab>/evil" would both leave the site: refuse control characters and backslashes.
 */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * Where to go after logging in: the ReturnUrl when it is a path on this site
 * (starts with "/" but not "//"), otherwise the home page. The login page itself
 * is not a destination.
 */
export function safeReturnUrl(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || hasUnsafeCharacter(raw)) return HOME;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return HOME;
  }
  // Dot segments can turn "/..//evil.example" into "//evil.example": check the result too.
  if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return HOME;
  if (url.pathname === accountPaths.login) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Paths served by another app (the console): reached with a full page load, not client routing. */
export function isOutsideReader(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?') || path.startsWith('/admin#');
}

/** Screens not worth coming back to after logging in. */
const NO_RETURN: readonly string[] = [
  accountPaths.login,
  accountPaths.register,
  accountPaths.forgotPassword,
  accountPaths.resendActivation,
  accountPaths.resetPassword,
  accountPaths.confirmEmail,
];

/** The login address that comes back to `here` (path and query) afterwards; plain /login for home and the sign-up screens. */
export function loginHref(here: string): string {
  const back = safeReturnUrl(here);
  const path = back.split(/[?#]/, 1)[0] ?? back;
  if (back === HOME || NO_RETURN.includes(path)) return accountPaths.login;
  return `${accountPaths.login}?${new URLSearchParams({ ReturnUrl: back }).toString()}`;
}

/** A query parameter by name, ignoring case (emailed links may say userId or UserId). */
export function queryParam(search: string, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of new URLSearchParams(search)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return null;
}

/** A reader's public profile: their works and latest posts. */
export function profilePath(userId: string): string {
  return `/works/by/${encodeURIComponent(userId)}`;
}
