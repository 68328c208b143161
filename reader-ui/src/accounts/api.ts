/**
 * The account calls, sent with ui/command.ts's postCommand: the server answers an `AccountAnswer`
 * (@epos/schemas/accounts/responses: `{ type: 1, message? }` or `{ type: 0, error }` with a 4xx
 * status), or the site's error shape when it refuses the request itself (a stale token, too many tries).
 */

/** The account POSTs (spec section 7, and the personal-data routes). */
export const accountEndpoints = {
  register: '/register',
  login: '/login',
  logoff: '/logoff',
  changePassword: '/upassword',
  resetRequest: '/rpassword',
  activationRequest: '/ractivation',
  resetPassword: '/resetp',
  confirmEmail: '/confirmemail',
  /** `{ Password }`; on success the server has also ended the session. */
  deleteAccount: '/postdata/deleteAccount',
} as const;

/**
 * GET: everything the site keeps about the logged-in user, as a JSON attachment
 * (my-epos-data.json). Linked with a plain `<a download>`, not fetched.
 */
export const MY_DATA_URL = '/postdata/mydata';

/** Editors review suggestions in the console (its own app: reached with a full page load). */
export const CONSOLE_SUGGESTIONS = '/admin/#/suggestions';
