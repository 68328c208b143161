import MarkdownIt, { type MarkdownIt as MarkdownParser, type StateCore } from 'markdown-it';
import sanitizeHtml, { type IOptions, type Transformer } from 'sanitize-html';
import { sentenceLinks } from './sentence-links.js';

type MarkdownProfile = 'post' | 'comment';

export interface RenderOptions {
  /** `post` (default) allows headings, images and tables; `comment` does not. */
  profile?: MarkdownProfile;
}

function markdownIt(): MarkdownParser {
  const md = new MarkdownIt({ html: true, linkify: true, typographer: true });
  md.core.ruler.push('table_align_attribute', tableAlignAttribute);
  md.core.ruler.push('sentence_link', sentenceLinks);
  return md;
}

const BIG_HEADINGS = ['h1', 'h2', 'h3'];
const TABLE_TAGS = ['table', 'thead', 'tbody', 'tr', 'th', 'td'];
const POST_TAGS = [
  'p',
  'br',
  'hr',
  ...BIG_HEADINGS,
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
  'img',
  ...TABLE_TAGS,
  'figure',
  'figcaption',
  'span',
  'div',
];
const COMMENT_TAGS = POST_TAGS.filter((tag) => !BIG_HEADINGS.includes(tag) && tag !== 'img' && !TABLE_TAGS.includes(tag));

const ALIGN = { name: 'align', multiple: false, values: ['left', 'center', 'right'] };
const CLASS_NAME = /^(language-[\w-]+|sentence-link)$/;
const EXTERNAL_REL = 'nofollow noopener noreferrer';
const SITE = new URL('https://site.invalid/');

/** Resolved the way a browser would, so `//host` and `/\host` count as other origins. */
function isExternal(href: string): boolean {
  try {
    const url = new URL(href, SITE);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== SITE.origin;
  } catch {
    return false;
  }
}

const linkRel: Transformer = (tagName, attribs) => {
  const { rel: _ignored, ...rest } = attribs;
  return { tagName, attribs: rest.href !== undefined && isExternal(rest.href) ? { ...rest, rel: EXTERNAL_REL } : rest };
};

function profileOptions(allowedTags: string[], transformTags: IOptions['transformTags']): IOptions {
  return {
    allowedTags,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      th: [ALIGN],
      td: [ALIGN],
      ol: ['start'],
    },
    allowedClasses: { a: ['sentence-link'], code: [CLASS_NAME], span: [CLASS_NAME], div: [CLASS_NAME] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: true,
    disallowedTagsMode: 'discard',
    // Dropped together with their content, not just unwrapped.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'noembed', 'noframes', 'template', 'title', 'iframe', 'object', 'svg', 'math'],
    transformTags: { a: linkRel, ...transformTags },
  };
}

const PROFILES: Record<MarkdownProfile, { md: MarkdownParser; sanitize: IOptions }> = {
  post: { md: markdownIt(), sanitize: profileOptions(POST_TAGS, {}) },
  // Without the table rule a pipe table stays the text its author typed instead of scattered cells.
  comment: {
    md: markdownIt().disable('table'),
    sanitize: profileOptions(COMMENT_TAGS, Object.fromEntries(BIG_HEADINGS.map((tag) => [tag, 'p']))),
  },
};

/** User-written markdown to HTML that is safe to embed in a page. */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  const { md, sanitize } = PROFILES[options.profile ?? 'post'];
  return sanitizeHtml(md.render(markdown), sanitize);
}

/** markdown-it writes column alignment as a style attribute, which the sanitizer drops. */
function tableAlignAttribute(state: StateCore): void {
  for (const token of state.tokens) {
    if ((token.type !== 'th_open' && token.type !== 'td_open') || !token.attrs) continue;
    token.attrs = token.attrs.map(([name, value]) => {
      const align = name === 'style' ? /^text-align:(\w+)$/.exec(String(value))?.[1] : undefined;
      return align ? ['align', align] : [name, value];
    });
  }
}
