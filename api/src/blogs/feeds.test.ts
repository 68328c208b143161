import { randomUUID } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@epos/platform';
import { excerptOfHtml, renderMarkdown } from '@epos/platform/markdown/index';
import { audit, sanitizedToAllowlist } from '@epos/platform/testkit/html-allowlist';
import { XSS_PAYLOADS } from '@epos/platform/testkit/xss-payloads';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { caughtUp, signIn } from '../testkit/people.js';
import { renderFeed, type FeedPost } from './feeds.js';
import { newPostAppends } from '@epos/platform/blogs/new-post-appends';
import { el, xmlDocument } from '../http/xml-writer.js';

const ORIGIN = 'https://epos.test';
const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN });

// What XML 1.0 cannot carry, and bidirectional runs (a title stored before they were refused), so what a feed may leave out of a text.
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const BIDI_RUNS = /[\u202a-\u202e\u2066-\u2069]/gu;
const asXml = (text: string) => text.replace(NOT_XML, '').replace(BIDI_RUNS, '');
const CONTROLS = [
  'Back\u0008space \u0000nul \ufffe\uffff lone\ud800 pair 📖',
  `Series <"&'> \ttab\nline\r\nCRLF`,
  'Invoice \u202efdp.exe \u2067isolated\u2069 שלום\u200f (2)',
];

type Parsed = { [name: string]: Parsed | Parsed[] | string | undefined };
const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  trimValues: false,
  htmlEntities: true,
  isArray: (name) => name === 'item' || name === 'entry',
});
const RSS_ELEMENTS = new Set([
  'rss',
  'channel',
  'title',
  'link',
  'description',
  'lastBuildDate',
  'docs',
  'generator',
  'language',
  'copyright',
  'atom:link',
  'item',
  'guid',
  'pubDate',
  'content:encoded',
  'dc:creator',
  'category',
]);
const ATOM_ELEMENTS = new Set([
  'feed',
  'id',
  'title',
  'updated',
  'generator',
  'link',
  'subtitle',
  'rights',
  'entry',
  'summary',
  'content',
  'author',
  'name',
  'uri',
  'category',
  'published',
]);

/** Errors of a strict, namespace-aware XML 1.0 parser: XMLValidator lets control characters and `<` in attributes pass. */
function wellFormednessErrors(xml: string): string[] {
  const errors: string[] = [];
  const strict = new SaxesParser({ xmlns: true });
  strict.on('error', (error) => errors.push(error.message));
  strict.write(xml).close();
  return errors;
}

/** The feed, checked well-formed, parsed; its elements must all be the format's own (no markup from user text). */
function parsedFeed(xml: string, format: 'rss' | 'atom'): Parsed {
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(wellFormednessErrors(xml)).toEqual([]);
  const parsed = parser.parse(xml) as Parsed;
  const allowed = format === 'rss' ? RSS_ELEMENTS : ATOM_ELEMENTS;
  expect([...elementNames(parsed)].filter((name) => !allowed.has(name) && name !== '?xml')).toEqual([]);
  return parsed;
}

function elementNames(node: Parsed | Parsed[] | string | undefined, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const each of node) elementNames(each, into);
  else if (node !== undefined && typeof node !== 'string') {
    for (const [name, child] of Object.entries(node)) {
      if (name.startsWith('@_') || name === '#text') continue;
      into.add(name);
      elementNames(child, into);
    }
  }
  return into;
}

const child = (node: Parsed | undefined, name: string): Parsed => node?.[name] as Parsed;
const children = (node: Parsed | undefined, name: string): Parsed[] => (node?.[name] as Parsed[] | undefined) ?? [];
const textOf = (node: Parsed | string | undefined): string => (typeof node === 'string' ? node : ((node?.['#text'] as string | undefined) ?? ''));
const attribute = (node: Parsed | undefined, name: string) => node?.[`@_${name}`] as string | undefined;

/** The text a reader shows for an HTML-typed element that must carry plain text only: no element in it. */
function textOfHtmlWithoutMarkup(html: string): string {
  const document = parseDocument(html);
  expect(DomUtils.findAll(() => true, document.children).map((element) => element.name)).toEqual([]);
  return DomUtils.textContent(document);
}

/** The HTML-typed content must be the server's sanitised HTML of the post, links made absolute, and nothing else. */
function expectSanitisedContent(content: string, post: FeedPost): void {
  expect(content.replaceAll(`="${ORIGIN}/`, '="/')).toBe(asXml(post.html));
  expect(sanitizedToAllowlist(content, 'post')).toBe(content);
  expect(audit(content, 'post', { origin: ORIGIN })).toEqual([]);
}

function feedPost(n: number, text: string, excerpt: (html: string) => string): FeedPost {
  const html = renderMarkdown(text);
  const at = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
  return {
    post_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    url: `post-${n}`,
    title: text,
    subtitle: text,
    number: n,
    author_id: 'ann',
    published_at: at,
    updated_at: at,
    excerpt: excerpt(html),
    series_title: text,
    series_slug: 'a-series',
    comment_count: 0,
    blog_id: 'essays',
    status: 'published',
    publish_at: null,
    author: text,
    html,
  };
}

describe("the feeds' XML writer", () => {
  it('escapes every &, even before what looks like an entity, and takes only plain names', () => {
    const xml = xmlDocument(el('r', { a: '&lt; "x"\n' }, el('t', {}, '&lt;b&gt; &amp; &#60; &foo; ]]>\r\n')));
    expect(xml).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<r a="&amp;lt; &quot;x&quot;&#10;">\n  <t>&amp;lt;b&amp;gt; &amp;amp; &amp;#60; &amp;foo; ]]&gt;&#13;\n</t>\n</r>\n',
    );
    expect(() => el('x onload="y"')).toThrow(/not an XML name/);
    expect(() => el('x', { 'a="1" b': '' })).toThrow(/not an XML name/);
  });
});

describe("the feeds' XML writer and direction", () => {
  it('leaves out the controls that reorder text, in text and attributes, and keeps right-to-left writing with its marks', () => {
    const xml = xmlDocument(el('r', { label: 'a\u202eb' }, el('title', {}, 'Invoice \u202efdp.exe — שלום\u200f (2)')));
    expect(xml).toContain('<r label="ab">');
    expect(xml).toContain('<title>Invoice fdp.exe — שלום\u200f (2)</title>');
  });
});

describe('renderFeed with hostile text in every field', () => {
  const cases = [...XSS_PAYLOADS, ...CONTROLS].map((payload, i) => [i, payload] as const);

  it.each(cases)('%i: RSS and Atom are well-formed and carry %j only as text, HTML only as sanitised', (_, payload) => {
    // One post with the payload as its written excerpt, one with the excerpt made from its body.
    const posts = [feedPost(1, payload, () => payload), feedPost(2, payload, (html) => excerptOfHtml(html))];
    const head = { title: payload, description: payload, path: '/blogs/essays', feedPath: '/api/blogs/essays/feed' };
    const expected = asXml(payload);

    const channel = child(child(parsedFeed(renderFeed(config, head, posts, 'rss'), 'rss'), 'rss'), 'channel');
    expect([textOf(child(channel, 'title')), textOf(child(channel, 'description'))]).toEqual([expected, expected]);
    const items = children(channel, 'item');
    expect(items).toHaveLength(2);
    items.forEach((item, i) => {
      const post = posts[i]!;
      expect([textOf(child(item, 'title')), textOf(child(item, 'dc:creator')), textOf(child(item, 'category'))]).toEqual([expected, expected, expected]);
      expect(textOfHtmlWithoutMarkup(textOf(child(item, 'description')))).toBe(asXml(post.excerpt));
      expectSanitisedContent(textOf(child(item, 'content:encoded')), post);
    });

    const feed = child(parsedFeed(renderFeed(config, head, posts, 'atom'), 'atom'), 'feed');
    for (const name of ['title', 'subtitle']) {
      expect(attribute(child(feed, name), 'type')).toBe('text');
      expect(textOf(child(feed, name))).toBe(expected);
    }
    const entries = children(feed, 'entry');
    expect(entries).toHaveLength(2);
    entries.forEach((entry, i) => {
      const post = posts[i]!;
      expect([attribute(child(entry, 'title'), 'type'), attribute(child(entry, 'summary'), 'type'), attribute(child(entry, 'content'), 'type')]).toEqual([
        'text',
        'text',
        'html',
      ]);
      expect(textOf(child(entry, 'title'))).toBe(expected);
      expect(textOf(child(entry, 'summary'))).toBe(asXml(post.excerpt));
      expect(textOf(child(child(entry, 'author'), 'name'))).toBe(expected);
      expect(attribute(child(entry, 'category'), 'label')).toBe(expected);
      expectSanitisedContent(textOf(child(entry, 'content')), post);
    });
  });

  it('escapes the text of a post whose body shows an escaped tag, which the excerpt decodes', () => {
    const post = feedPost(1, 'before &lt;svg/onload=alert(1)&gt; after', (html) => excerptOfHtml(html));
    expect(post.excerpt).toBe('before <svg/onload=alert(1)> after');
    const head = { title: 'Essays', description: '', path: '/blogs/essays', feedPath: '/api/blogs/essays/feed' };
    for (const format of ['rss', 'atom'] as const) {
      const xml = renderFeed(config, head, [post], format);
      expect(xml).not.toContain('<svg');
      expect(xml).not.toContain('CDATA');
    }
    expect(renderFeed(config, head, [post], 'rss')).toContain('<description>before &amp;lt;svg/onload=alert(1)&amp;gt; after</description>');
    expect(renderFeed(config, head, [post], 'atom')).toContain('<summary type="text">before &lt;svg/onload=alert(1)&gt; after</summary>');
  });
});

describe('feeds through the API', () => {
  let api: TestApi;
  const reader = () => new TestClient(api.app, '192.0.2.77');
  const TITLE = 'Feeds <svg/onload=alert(1)> & "quotes"';
  const SERIES = `Series <"&'>`;

  beforeAll(async () => {
    api = await startTestApi({ env: { PUBLIC_URL: ORIGIN } });
    const admin = await signIn(api, 'admin');
    await admin.client.post('/postdata/createblog', { slug: 'probe', title: 'Probe <b>blog</b>', description: 'About "this" & <that>' });
    const writer = await signIn(api, 'blogger', { blogs: ['probe'] });
    // Written before the input boundary refused control characters: still in the log.
    const postId = randomUUID();
    const content = { title: 'Back\u0008space', subtitle: '', seriesTitle: 'Legacy', excerpt: '', markdown: 'Old post.' };
    await api.deps.store.appendMany(
      newPostAppends('backspace', postId, [
        { type: 'PostCreated', data: { postId, blogId: 'probe', url: 'backspace', authorId: writer.userId, content } },
        { type: 'PostPublished', data: { postId, publishedAt: new Date(Date.UTC(2025, 0, 1)).toISOString(), scheduled: false, first: true } },
      ]),
      { cause: { actor: 'test' } },
    );
    const created = await writer.client.post('/postdata/create', {
      blog_id: 'probe',
      title: TITLE,
      series_title: SERIES,
      md_content: 'before &lt;svg/onload=alert(1)&gt; after',
      status: 0,
    });
    expect(created.statusCode).toBe(200);
    await caughtUp(api);
  });
  afterAll(async () => api.close());

  it('serves RSS and Atom in which titles and excerpts are text and content is the sanitised HTML', async () => {
    const rss = await reader().get('/api/blogs/probe/feed');
    expect(rss.body).not.toContain('<svg');
    const channel = child(child(parsedFeed(rss.body, 'rss'), 'rss'), 'channel');
    expect(textOf(child(channel, 'title'))).toBe('Probe <b>blog</b>');
    expect(textOf(child(channel, 'description'))).toBe('About "this" & <that>');
    const [fresh, old] = children(channel, 'item');
    expect(textOf(child(fresh, 'title'))).toBe(TITLE);
    expect(textOfHtmlWithoutMarkup(textOf(child(fresh, 'description')))).toBe('before <svg/onload=alert(1)> after');
    expect(textOf(child(fresh, 'content:encoded'))).toBe('<p>before &lt;svg/onload=alert(1)&gt; after</p>\n');
    expect(textOf(child(fresh, 'category'))).toBe(SERIES);
    expect(textOf(child(old, 'title'))).toBe('Backspace');

    const atom = await reader().get('/api/blogs/probe/feed?format=atom');
    expect(atom.body).not.toContain('<svg');
    const entry = children(child(parsedFeed(atom.body, 'atom'), 'feed'), 'entry')[0];
    expect(textOf(child(entry, 'title'))).toBe(TITLE);
    expect(textOf(child(entry, 'summary'))).toBe('before <svg/onload=alert(1)> after');
    expect(attribute(child(entry, 'category'), 'label')).toBe(SERIES);
  });

  it('serves a series feed whose title has markup characters as well-formed XML', async () => {
    const series = (await reader().get('/api/blogs/probe/series')).json<{ sd: { slug: string; slugUrl: string }[] }>().sd;
    const slug = series.find((s) => s.slugUrl === SERIES)?.slug;
    expect(slug).toBeDefined();
    for (const format of ['rss', 'atom'] as const) {
      const response = await reader().get(`/api/blogs/probe/series/${slug}/feed?format=${format}`);
      expect(response.statusCode).toBe(200);
      const parsed = parsedFeed(response.body, format);
      const title = format === 'rss' ? child(child(parsed, 'rss'), 'channel').title : child(parsed, 'feed').title;
      expect(textOf(title as Parsed)).toBe(`${SERIES} — Probe <b>blog</b>`);
    }
  });
});
