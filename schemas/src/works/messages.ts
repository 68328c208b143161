/** What the works routes answer and refuse with: plain values (no zod), so the apps may import them. */
export const workMessages = {
  added: 'Work added',
  edited: 'Work saved',
  deleted: 'Work deleted',
  hidden: 'Work hidden',
  shown: 'Work shown',
  notFound: 'Not Found',
  notYours: 'Only the author of a work or an administrator may change it',
  moderators: 'Only administrators may hide or show a work',
  sentences: 'SentenceNumber: one or more sentence numbers separated by commas, such as 12, 13',
  unknownSentence: (n: number) => `SentenceNumber: there is no sentence ${n}`,
  annotationRequired: 'Description: an annotation needs text',
  urlRequired: 'Urlto: this kind of work needs a link',
  noUrlForText: 'Urlto: an annotation has no link; write it in the text',
  deletedUser: 'deleted user',
  nothing: 'Nothing to show',
} as const;

/** How the works pages name each type. */
export const workTypeLabels = { text: 'Annotation', audio: 'Audio', video: 'Video', rts: 'Reference', slps: 'Slides' } as const;
