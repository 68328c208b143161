/** The console's name, shown in the app bar, the dashboard and the browser tab. */
export const CONSOLE_TITLE = 'Epos console';

/** The spec's generic failure text, spelled as the spec spells it (section 8). */
export const GENERIC_ERROR = 'An error occured';
