/**
 * User-facing messages shared across features. The spelling of GENERIC_ERROR is
 * the spec's own ("An error occured", section 8): keep it as it is.
 */
export const GENERIC_ERROR = 'An error occured';
export const NOT_FOUND = 'Not Found';
/** A read with no network and no copy on the device (issue 39): where to get one. */
export const OFFLINE_NOT_KEPT =
  'You are offline, and this is not downloaded on this device. Books can be downloaded to read offline from the Read offline page.';
/** The spec's answer to a section, translation or comparison that does not exist (section 8). */
export const NO_BOOK = 'No book found';
