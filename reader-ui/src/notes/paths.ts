import { readerRoutes } from '@epos/schemas/reader-routes';

/** Addresses of the notes pages. */
export const notesPaths = { myNotes: readerRoutes.myNotes.path } as const;
