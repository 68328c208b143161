/** The kind of record a stream holds: the part of its id before the first dash ("sentence-12" → "sentence"). */
export const streamKind = (streamId: string): string => streamId.split('-', 1)[0] ?? streamId;
