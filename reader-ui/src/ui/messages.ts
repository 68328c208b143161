/**
 * User-facing messages shared across features. The spelling of GENERIC_ERROR is
 * the spec's own ("An error occured", section 8): keep it as it is.
 */
export const GENERIC_ERROR = 'An error occured';
export const NOT_FOUND = 'Not Found';
/** The spec's answer to a section, translation or comparison that does not exist (section 8). */
export const NO_BOOK = 'No book found';
