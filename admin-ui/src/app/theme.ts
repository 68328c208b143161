import { defaultDarkTheme, defaultLightTheme } from 'react-admin';

/**
 * react-admin's themes with colours dark (or light) enough for text on them: the default blue
 * (#2196f3) under white text is 3.1:1, below WCAG AA's 4.5:1.
 */
export const lightTheme = {
  ...defaultLightTheme,
  // MUI's error red (#d32f2f) is 4.36:1 on a filled input's grey: a field's error label needs a darker one
  palette: { ...defaultLightTheme.palette, primary: { main: '#1565c0' }, secondary: { main: '#0d47a1' }, error: { main: '#c62828' } },
};

export const darkTheme = { ...defaultDarkTheme, palette: { ...defaultDarkTheme.palette, primary: { main: '#90caf9' }, secondary: { main: '#90caf9' } } };
