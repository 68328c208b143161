/** `text` with LIKE's wildcards and escape character escaped, so that it matches only itself. */
const literally = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` literally anywhere. */
export const containing = (text: string) => `%${literally(text)}%`;

/** A LIKE pattern matching what begins with `text`, literally. */
export const startingWith = (text: string) => `${literally(text)}%`;
