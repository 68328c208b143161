/**
 * What an uploaded image or recording must not carry inside it: a second file a browser or another
 * program could be led to open as something that runs (a polyglot: a JPEG with HTML in a comment, a
 * GIF with a ZIP appended, a PNG that is also a PDF). The site serves uploads with their own image or
 * audio type and `nosniff`, so none of it runs here; refusing it keeps the files harmless wherever
 * else they end up (a mirror without `nosniff`, a download opened from disk).
 *
 * Exactly what is looked for, anywhere in the file, whatever comes before it (a tag hidden in a
 * comment chunk counts as much as one at the start):
 *
 * 1. HTML, SVG or XML markup that runs script or loads a document without a click, read as a browser's
 *    HTML tokenizer reads a tag (ASCII letters in any case; a name ends at whitespace, `/` or `>`):
 *    - a start tag of an element that runs script, embeds or styles a document, or opens an SVG,
 *      MathML or HTML document: {@link RUNNABLE_ELEMENTS} (`<script>`, `<svg/`, `<IFRAME `);
 *    - an event handler attribute: `on` and at least three letters, then `=` (spaces allowed), after
 *      whitespace, `/` or a closing quote, as an attribute name starts (`<img src=x onerror=…>`,
 *      `<svg/onload=…>`, `<b x="y"onclick=…>`), in or out of a tag seen here;
 *    - a `javascript:` or `vbscript:` URL, tabs and line breaks between its letters included (URL
 *      parsing drops them);
 *    - an HTML document type or a PHP opening tag.
 * 2. A PDF header (`%PDF-` and a digit).
 * 3. A RAR or 7-Zip signature, or a ZIP's (a JAR's: a GIFAR's) local file header and end-of-directory
 *    record together (one alone turns up by chance in compressed data).
 *
 * Not looked for: markup in UTF-16 or UTF-7 (no browser decodes a file that begins with an image's or
 * a recording's signature that way); what only an XML parser runs (namespaced elements, style sheet
 * instructions), as no image or recording is well-formed XML from its first byte; entity-encoded
 * `javascript:` links (they need a click, and the `<a` they sit in is too short to tell from
 * compressed data); anything a plug-in reads in formats not named above.
 */

/** Elements whose start tag alone runs script, embeds a document or a plug-in, or changes how the page loads. */
const RUNNABLE_ELEMENTS = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'svg',
  'math',
  'html',
  'body',
  'base',
  'meta',
  'link',
  'style',
] as const;

// A tag name ends at whitespace (tab, line feed, form feed, carriage return, space), `/` or `>`.
const NAME_END = '[\\t\\n\\f\\r />]';
const START_TAG = new RegExp(`<(${RUNNABLE_ELEMENTS.join('|')})${NAME_END}`, 'i');
const EVENT_HANDLER = /[\t\n\f\r /"'](on[a-z]{3,})[\t\n\f\r ]*=/i;
const SCRIPT_URL = /(?<![a-z])(j[\t\n\r]*a[\t\n\r]*v[\t\n\r]*a[\t\n\r]*|v[\t\n\r]*b[\t\n\r]*)s[\t\n\r]*c[\t\n\r]*r[\t\n\r]*i[\t\n\r]*p[\t\n\r]*t[\t\n\r]*:/i;
const DECLARATIONS: readonly [RegExp, string][] = [
  [/<!doctype[\t\n\f\r ]+html/i, 'an HTML document type'],
  [/<\?php/i, 'a PHP script'],
  [/%PDF-\d/, 'a PDF document'],
];

const bytes = (...values: number[]) => Buffer.from(values);
const ARCHIVES: readonly [Buffer, string][] = [
  [bytes(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07), 'a RAR archive'],
  [bytes(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c), 'a 7-Zip archive'],
];
const ZIP = [bytes(0x50, 0x4b, 0x03, 0x04), bytes(0x50, 0x4b, 0x05, 0x06)];

/**
 * The first runnable thing found in `data` (see this module's comment for exactly what is looked
 * for), said for the uploader: "a tag <svg>", "an event handler onload=", "a ZIP archive"; null when
 * there is none. Searched as latin1, so each byte is one character and ASCII markup reads as a
 * browser reading the bytes as windows-1252 or UTF-8 would see it.
 */
export function runnableContentIn(data: Uint8Array): string | null {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const text = buffer.toString('latin1');
  const tag = START_TAG.exec(text);
  if (tag) return `a tag <${tag[1]!.toLowerCase()}>`;
  const handler = EVENT_HANDLER.exec(text);
  if (handler) return `an event handler ${handler[1]!.toLowerCase()}=`;
  const url = SCRIPT_URL.exec(text);
  if (url) return `a ${url[1]!.replace(/[\t\n\r]/g, '').toLowerCase()}script: link`;
  for (const [pattern, what] of DECLARATIONS) if (pattern.test(text)) return what;
  for (const [signature, what] of ARCHIVES) if (buffer.includes(signature)) return what;
  if (ZIP.every((signature) => buffer.includes(signature))) return 'a ZIP archive';
  return null;
}
