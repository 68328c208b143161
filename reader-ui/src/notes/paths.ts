/** Addresses of the notes pages. */
export const notesPaths = { myNotes: '/my/notes' } as const;
