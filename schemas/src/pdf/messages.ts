/** The PDF request's messages (spec sections 5 and 8); zod-free, so the reader app can import them. */
export const pdfMessages = {
  pleaseSelect: 'Please select book or canto',
  sentencesOnly: 'Book will be generate for sentences only',
  queued: 'Your PDF is being generated. The download link will appear here when it is ready.',
  ready: 'Your PDF is ready to download.',
  unavailable: 'PDF editions are unavailable on this server (Chromium is not installed).',
  failed: 'An error occured',
  expired: 'This PDF was of an earlier version of the text and has been removed; ask for the PDF again to get the current one.',
} as const;
