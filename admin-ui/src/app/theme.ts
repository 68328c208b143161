import { defaultDarkTheme, defaultLightTheme } from 'react-admin';

/**
 * A progress indicator without a name of its own (react-admin's loading indicator in the app bar,
 * shown while any read is under way) is named "Loading": screen readers say what it is, and axe's
 * aria-progressbar-name holds whenever a page is checked mid-read. Those that say what they load keep theirs.
 */
const components = { MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } } };

/**
 * react-admin's themes with colours dark (or light) enough for text on them: the default blue
 * (#2196f3) under white text is 3.1:1, below WCAG AA's 4.5:1.
 */
export const lightTheme = {
  ...defaultLightTheme,
  // MUI's error red (#d32f2f) is 4.36:1 on a filled input's grey: a field's error label needs a darker one
  palette: { ...defaultLightTheme.palette, primary: { main: '#1565c0' }, secondary: { main: '#0d47a1' }, error: { main: '#c62828' } },
  components: { ...defaultLightTheme.components, ...components },
};

export const darkTheme = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: '#90caf9' }, secondary: { main: '#90caf9' } },
  components: { ...defaultDarkTheme.components, ...components },
};
