/**
 * The app's last route before not-found (app/routes.tsx): any lower-case path might be a library
 * page. Only its shape is checked here, to keep the first download small; the library page itself
 * (paths.ts, isLibraryPath) turns away the paths the site owns with the not-found page.
 */
export const LIBRARY_ROUTE = /^(?:\/[a-z0-9][a-z0-9-]*){1,5}\/?$/;
