import { withoutBidiRuns } from '@epos/schemas/api/bidi';

/**
 * A small XML writer for the feeds and the sitemap, rather than a library: the `feed` package wraps raw text in
 * CDATA as `type="html"`, and xmlbuilder2 leaves `&` unescaped before anything that looks like an
 * entity (so `&lt;` reaches a feed reader as `<`). Here every text and attribute value is escaped
 * and stripped of what XML 1.0 cannot carry, so user text can only ever be text, and of the
 * bidirectional controls that open a directional run (text stored before the input boundary refused
 * them): a feed reader shows titles beside its own words, which a right-to-left override would
 * reorder. Element and attribute names must be the caller's own constants, never user text.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
}

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;

/** An element; `null` children are left out. Throws on a name that is not a plain XML name. */
export function el(name: string, attributes: Record<string, string> = {}, ...children: (XmlElement | string | null)[]): XmlElement {
  for (const each of [name, ...Object.keys(attributes)]) if (!NAME.test(each)) throw new Error(`not an XML name: ${JSON.stringify(each)}`);
  return { name, attributes, children: children.filter((child) => child !== null) };
}

// Not XML 1.0 characters: C0 controls but tab, LF and CR; U+FFFE/U+FFFF; with the u flag, unpaired surrogates.
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
// CR, tab and LF as references, or a parser would turn them into LF (text) or spaces (attributes).
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', '\t': '&#9;', '\n': '&#10;' };

const escapedText = (text: string) => withoutBidiRuns(text.replace(NOT_XML, '')).replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c] ?? '');
const escapedAttribute = (value: string) => withoutBidiRuns(value.replace(NOT_XML, '')).replace(/[&<>"\r\t\n]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? '');

function serialise(element: XmlElement, indent = ''): string {
  const attributes = Object.entries(element.attributes)
    .map(([name, value]) => ` ${name}="${escapedAttribute(value)}"`)
    .join('');
  const open = `${indent}<${element.name}${attributes}`;
  if (element.children.length === 0) return `${open}/>`;
  if (element.children.every((child) => typeof child === 'string')) return `${open}>${escapedText(element.children.join(''))}</${element.name}>`;
  const inner = element.children.map((child) => (typeof child === 'string' ? `${indent}  ${escapedText(child)}` : serialise(child, `${indent}  `)));
  return `${open}>\n${inner.join('\n')}\n${indent}</${element.name}>`;
}

/** The XML declaration and `root`, indented. */
export const xmlDocument = (root: XmlElement) => `<?xml version="1.0" encoding="utf-8"?>\n${serialise(root)}\n`;
