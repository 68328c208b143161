import { DomUtils, parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

export type HtmlProfile = 'post' | 'comment';

// Written out again rather than imported from render.ts, so a loosened allowlist there fails the tests.
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel', 'class'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['align'],
  td: ['align'],
  ol: ['start'],
  code: ['class'],
  span: ['class'],
  div: ['class'],
};
const COMMENT_TAGS = [
  'p',
  'br',
  'hr',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  'del',
  's',
  'sup',
  'sub',
  'ul',
  'ol',
  'li',
  'a',
  'figure',
  'figcaption',
  'span',
  'div',
];
const TAGS: Record<HtmlProfile, Set<string>> = {
  comment: new Set(COMMENT_TAGS),
  post: new Set([...COMMENT_TAGS, 'h1', 'h2', 'h3', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td']),
};
const LINK_SCHEMES = ['http', 'https', 'mailto'];
const IMAGE_SCHEMES = ['http', 'https'];
const EXTERNAL_REL = 'nofollow noopener noreferrer';

/** The scheme a URL attribute would have, after the parser decoded its entities. */
function schemeOf(url: string): string | undefined {
  const squeezed = url.replace(/[\p{Cc}\s]/gu, '');
  return /^([a-z][a-z\d+.-]*):/i.exec(squeezed)?.[1]?.toLowerCase();
}

/**
 * Every way `html` breaks the allowlist of `profile`; empty when it is safe. Links to `origin`
 * (the site itself, as feeds write them) need no rel.
 */
export function audit(html: string, profile: HtmlProfile, options: { origin?: string } = {}): string[] {
  const problems: string[] = [];
  for (const element of DomUtils.findAll(() => true, parseDocument(html).children)) {
    const { name, attribs } = element;
    if (!TAGS[profile].has(name)) problems.push(`element <${name}>`);
    for (const [attribute, value] of Object.entries(attribs)) {
      if (/^on/i.test(attribute) || attribute === 'style' || !ATTRIBUTES[name]?.includes(attribute)) {
        problems.push(`attribute ${attribute} on <${name}>`);
      }
      const scheme = attribute === 'href' || attribute === 'src' ? schemeOf(value) : undefined;
      if (scheme && !(name === 'img' ? IMAGE_SCHEMES : LINK_SCHEMES).includes(scheme)) {
        problems.push(`${scheme}: in ${attribute} of <${name}>`);
      }
    }
    const href = attribs.href ?? '';
    const own = options.origin !== undefined && href.startsWith(`${options.origin}/`);
    if (name === 'a' && /^https?:|^\/\//i.test(href) && !own && attribs.rel !== EXTERNAL_REL) {
      problems.push(`external link without rel: ${href}`);
    }
  }
  return problems;
}

/**
 * `html` through sanitize-html with the allowlist above: HTML that the server sanitised comes
 * back unchanged, anything else loses what the allowlist does not allow.
 */
export function sanitizedToAllowlist(html: string, profile: HtmlProfile): string {
  return sanitizeHtml(html, {
    allowedTags: [...TAGS[profile]],
    allowedAttributes: ATTRIBUTES,
    allowedSchemes: LINK_SCHEMES,
    allowedSchemesByTag: { img: IMAGE_SCHEMES },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: true,
    disallowedTagsMode: 'discard',
  });
}
