import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, type MarkdownProfile } from './render.js';

// Written out again rather than imported, so a loosened allowlist in render.ts fails here.
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
  'p', 'br', 'hr', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'em', 'strong', 'del', 's', 'sup', 'sub',
  'ul', 'ol', 'li', 'a', 'figure', 'figcaption', 'span', 'div',
];
const TAGS: Record<MarkdownProfile, Set<string>> = {
  comment: new Set(COMMENT_TAGS),
  post: new Set([...COMMENT_TAGS, 'h1', 'h2', 'h3', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td']),
};
const LINK_SCHEMES = ['http', 'https', 'mailto'];
const IMAGE_SCHEMES = ['http', 'https'];

/** The scheme a URL attribute would have, after the parser decoded its entities. */
function schemeOf(url: string): string | undefined {
  const squeezed = url.replace(/[\p{Cc}\s]/gu, '');
  return /^([a-z][a-z\d+.-]*):/i.exec(squeezed)?.[1]?.toLowerCase();
}

/** Every way `html` breaks the allowlist of `profile`; empty when it is safe. */
function audit(html: string, profile: MarkdownProfile): string[] {
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
    if (name === 'a' && /^https?:|^\/\//i.test(attribs.href ?? '') && attribs.rel !== 'nofollow noopener noreferrer') {
      problems.push(`external link without rel: ${attribs.href}`);
    }
  }
  return problems;
}

/** Payload, then the exact post-profile output it must become. */
const CORPUS: ReadonlyArray<readonly [payload: string, post: string]> = [
  ["<script>alert(1)</script>", ""],
  ["<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>", ""],
  ["<script src=//xss.rocks/xss.js></script>", ""],
  ["<scr<script>ipt>alert(1)</scr</script>ipt>", "<p>&lt;script&gt;</p>\n"],
  ["<<SCRIPT>alert(\"XSS\");//\\<</SCRIPT>", "<p>&lt;</p>\n"],
  ["<img src=x onerror=alert(1)>", "<img src=\"x\" />"],
  ["<IMG SRC=\"javascript:alert('XSS');\">", "<img />"],
  ["<IMG SRC=JaVaScRiPt:alert('XSS')>", "<p>&lt;IMG SRC=JaVaScRiPt:alert(‘XSS’)&gt;</p>\n"],
  ["<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>", "<p>&lt;IMG SRC=<code>javascript:alert(\"RSnake says, 'XSS'\")</code>&gt;</p>\n"],
  ["<IMG \"\"\"><SCRIPT>alert(\"XSS\")</SCRIPT>\">", "<p>&lt;IMG “”“&gt;”&gt;</p>\n"],
  ["<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>", "<img />"],
  ["<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>", "<img />"],
  ["<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>", "<img />"],
  ["<IMG SRC=\"jav\tascript:alert('XSS');\">", "<img />"],
  ["<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">", "<img />"],
  ["<IMG SRC=\"jav&#x0A;ascript:alert('XSS');\">", "<img />"],
  ["<IMG SRC=\" &#14;  javascript:alert('XSS');\">", "<img />"],
  ["<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"pixel\">", "<img alt=\"pixel\" />"],
  ["<img src=\"data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+\" >", "<img />"],
  ["<img src=x:alert(1) onerror=eval(src)>", "<img />"],
  ["<img/src=\"x\"/onerror=alert(1)>", "<p>&lt;img/src=“x”/onerror=alert(1)&gt;</p>\n"],
  ["<img src=\"x\" ONERROR=\"alert(1)\" style=\"width:expression(alert(1))\">", "<img src=\"x\" />"],
  ["<svg onload=alert(1)>", ""],
  ["<svg/onload=alert(1)>", "<p>&lt;svg/onload=alert(1)&gt;</p>\n"],
  ["<svg><script>alert(1)</script></svg>", "<p></p>\n"],
  ["<svg><use href=\"data:image/svg+xml;base64,PHN2ZyBpZD0neCc+PC9zdmc+#x\"></use></svg>", "<p></p>\n"],
  ["<svg><a xlink:href=\"javascript:alert(1)\"><text x=\"20\" y=\"20\">XSS</text></a></svg>", "<p></p>\n"],
  ["<svg><animate attributeName=href values=javascript:alert(1) /></svg>", "<p></p>\n"],
  ["<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", "<p></p>"],
  ["<math href=\"javascript:alert(1)\">CLICKME</math>", "<p></p>\n"],
  ["<a href=\"javascript:alert(1)\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"JaVaScRiPt:alert(1)\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"  javascript:alert(1)\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"&#x20;javascript:alert(1)\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"jav&#x09;ascript:alert(1)\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"java&#x0D;script:alert(1)\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"java&#0;script:alert(1)\">click</a>", "<p><a href=\"java\uFFFDscript:alert(1)\">click</a></p>\n"],
  ["<a href=\"javascript&colon;alert(1)\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"&#106;avascript:alert(1)\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"\u0001javascript:alert(1)\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"vbscript:msgbox(1)\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"DATA:text/html,<script>alert(1)</script>\">click</a>", "<p><a>click</a></p>\n"],
  ["<a href=\"https://example.com\" onclick=\"alert(1)\" target=\"_blank\" rel=\"opener\">click</a>", "<p><a href=\"https://example.com\" rel=\"nofollow noopener noreferrer\">click</a></p>\n"],
  ["<a href=`javascript:alert(1)`>click</a>", "<p>&lt;a href=<code>javascript:alert(1)</code>&gt;click</p>\n"],
  ["<a href=\"javascript:alert(1)\"<b>bold</b>", "<p>&lt;a href=“javascript:alert(1)”bold</p>\n"],
  ["<a href=\"/ok\" onmouseover=alert(1)>hover</a>", "<p><a href=\"/ok\">hover</a></p>\n"],
  ["[x](javascript:alert(1))", "<p>[x](javascript:alert(1))</p>\n"],
  ["[x](JAVASCRIPT:alert(1))", "<p>[x](JAVASCRIPT:alert(1))</p>\n"],
  ["[x](  javascript:alert(1) )", "<p>[x](  javascript:alert(1) )</p>\n"],
  ["[x](jav&#x09;ascript:alert(1))", "<p><a href=\"jav%09ascript:alert(1)\">x</a></p>\n"],
  ["[x](&#106;avascript:alert(1))", "<p>[x](javascript:alert(1))</p>\n"],
  ["[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "<p>[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)</p>\n"],
  ["[x](vbscript:msgbox(1))", "<p>[x](vbscript:msgbox(1))</p>\n"],
  ["[x](<javascript:alert(1)>)", "<p>[x](&lt;javascript:alert(1)&gt;)</p>\n"],
  ["[x](javascript%3Aalert(1))", "<p><a href=\"javascript%3Aalert(1)\">x</a></p>\n"],
  ["[x][ref]\n\n[ref]: javascript:alert(1)", "<p>[x][ref]</p>\n<p>[ref]: javascript:alert(1)</p>\n"],
  ["[x][ref]\n\n[ref]: data:text/html,<script>alert(1)</script>", "<p>[x][ref]</p>\n<p>[ref]: data:text/html,</p>\n"],
  ["<javascript:alert(1)>", "<p>&lt;javascript:alert(1)&gt;</p>\n"],
  ["<vbscript:msgbox(1)>", "<p>&lt;vbscript:msgbox(1)&gt;</p>\n"],
  ["<data:text/html,<script>alert(1)</script>>", "<p>&lt;data:text/html,&gt;</p>\n"],
  ["![x](javascript:alert(1))", "<p>![x](javascript:alert(1))</p>\n"],
  ["![x](data:image/png;base64,iVBORw0KGgo=)", "<p><img alt=\"x\" /></p>\n"],
  ["![x](data:image/svg+xml,<svg onload=alert(1)>)", "<p>![x](data:image/svg+xml,</p>\n"],
  ["![x\"onerror=\"alert(1)](http://example.com/a.png)", "<p><img src=\"http://example.com/a.png\" alt=\"x&quot;onerror=&quot;alert(1)\" /></p>\n"],
  ["[a](http://example.com \"title\\\" onmouseover=\\\"alert(1)\")", "<p><a href=\"http://example.com\" title=\"title&quot; onmouseover=&quot;alert(1)\" rel=\"nofollow noopener noreferrer\">a</a></p>\n"],
  ["<iframe src=\"javascript:alert(1)\"></iframe>", ""],
  ["<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>", ""],
  ["<object data=\"javascript:alert(1)\"></object>", "<p></p>\n"],
  ["<embed src=\"javascript:alert(1)\">", ""],
  ["<base href=\"javascript:alert(1)//\">", ""],
  ["<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">", ""],
  ["<link rel=\"stylesheet\" href=\"javascript:alert(1)\">", ""],
  ["<style>@import 'http://xss.rocks/xss.css';</style>", ""],
  ["<div style=\"background-image: url(javascript:alert(1))\">x</div>", "<div>x</div>"],
  ["<div style=\"width: expression(alert(1));\">x</div>", "<div>x</div>"],
  ["<p style=\"behavior: url(xss.htc)\">x</p>", "<p>x</p>"],
  ["<form action=\"javascript:alert(1)\"><input type=\"submit\"></form>", ""],
  ["<form><button formaction=\"javascript:alert(1)\">go</button></form>", "go"],
  ["<input onfocus=alert(1) autofocus>", ""],
  ["<body onload=alert(1)>", ""],
  ["<details open ontoggle=alert(1)>", ""],
  ["<video><source onerror=\"alert(1)\"></video>", "<p></p>\n"],
  ["<audio src=x onerror=alert(1)>", ""],
  ["<table background=\"javascript:alert(1)\"><tr><td>x</td></tr></table>", "<table><tr><td>x</td></tr></table>"],
  ["<div class=\"x\" id=\"y\" data-x=\"1\" onclick=\"alert(1)\">x</div>", "<div>x</div>"],
  ["<span class=\"language-js evil\">x</span>", "<p><span class=\"language-js\">x</span></p>\n"],
  ["<code class=\"language-x\" onclick=\"alert(1)\">x</code>", "<p><code class=\"language-x\">x</code></p>\n"],
  ["<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>", "<p></p>\n"],
  ["<textarea><script>alert(1)</script></textarea>", ""],
  ["<title><img src=x onerror=alert(1)></title>", ""],
  ["<xmp><img src=x onerror=alert(1)></xmp>", "<p></p>\n"],
  ["<!--<img src=x onerror=alert(1)>-->", ""],
  ["<![CDATA[<img src=x onerror=alert(1)>]]>", ""],
  ["<a href=\"javascript:alert(1)\">**bold**</a>", "<p><a><strong>bold</strong></a></p>\n"],
  ["`<img src=x onerror=alert(1)>`", "<p><code>&lt;img src=x onerror=alert(1)&gt;</code></p>\n"],
  ["```html\n<script>alert(1)</script>\n```", "<pre><code class=\"language-html\">&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>\n"],
  ["<img src=x onerror=\\u0061lert(1)>", "<img src=\"x\" />"],
  ["<a href=\"\\u006aavascript:alert(1)\">x</a>", "<p><a href=\"\\u006aavascript:alert(1)\">x</a></p>\n"],
  ["<a href=\"java\u0000script:alert(1)\">x</a>", "<p><a href=\"java\uFFFDscript:alert(1)\">x</a></p>\n"],
  ["<img src=\"http://example.com/a.png\" width=\"1\" height=\"1\" onload=\"alert(1)\">", "<img src=\"http://example.com/a.png\" width=\"1\" height=\"1\" />"],
  ["<a href=\"https://evil.example/\" target=\"_top\">x</a>", "<p><a href=\"https://evil.example/\" rel=\"nofollow noopener noreferrer\">x</a></p>\n"],
  ["<a href=\"//evil.example/\">x</a>", "<p><a href=\"//evil.example/\" rel=\"nofollow noopener noreferrer\">x</a></p>\n"],
  ["<a href=\"/\\evil.example/\">x</a>", "<p><a href=\"/\\evil.example/\" rel=\"nofollow noopener noreferrer\">x</a></p>\n"],
  ["<a href=\"mailto:a@example.com?subject=x\" onclick=\"alert(1)\">mail</a>", "<p><a href=\"mailto:a@example.com?subject=x\">mail</a></p>\n"],
  ["<b onmouseover=alert(1)>b</b>", "<p>b</p>\n"],
  ["<div><div><div><img src=x onerror=alert(1)></div></div></div>", "<div><div><div><img src=\"x\" /></div></div></div>"],
  ["<template><img src=x onerror=alert(1)></template>", "<p></p>\n"],
  ["<img src=\"http://example.com/a.png\" srcset=\"javascript:alert(1) 1x\">", "<img src=\"http://example.com/a.png\" />"],
  ["<a href=\"#top\" id=\"x\" name=\"y\">anchor</a>", "<p><a href=\"#top\">anchor</a></p>\n"],
  ["<a href=\"https://example.com/?q=<script>alert(1)</script>\">ok</a>", "<p><a href=\"https://example.com/?q=&lt;script&gt;alert(1)&lt;/script&gt;\" rel=\"nofollow noopener noreferrer\">ok</a></p>\n"],
  ["<a href=\"ｊａｖａｓｃｒｉｐｔ:alert(1)\">x</a>", "<p><a href=\"ｊａｖａｓｃｒｉｐｔ:alert(1)\">x</a></p>\n"],
  ["<a href=javascript:alert(1)>x</a>", "<p><a>x</a></p>\n"],
  ["<a href=\"javascript:alert(1)\" href=\"/ok\">x</a>", "<p><a>x</a></p>\n"],
  ["<a href=\"jav&#x61;script&#x3A;alert(1)\">x</a>", "<p><a>x</a></p>\n"],
  ["<a href=\"&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)\">x</a>", "<p><a>x</a></p>\n"],
  ["<isindex action=javascript:alert(1) type=image>", ""],
  ["<img src=\"https://example.com/a.png\" alt=\"<script>alert(1)</script>\">", "<img src=\"https://example.com/a.png\" alt=\"&lt;script&gt;alert(1)&lt;/script&gt;\" />"],
  ["<div class=\"sentence-link\" onclick=\"alert(1)\" style=\"position:fixed\">x</div>", "<div class=\"sentence-link\">x</div>"],
  ["<<script>script>alert(1)<</script>/script>", "<p>&lt;/script&gt;</p>\n"],
  ["<a href=\"https://example.com\" title='x\" onclick=\"alert(1)'>x</a>", "<p><a href=\"https://example.com\" title=\"x&quot; onclick=&quot;alert(1)\" rel=\"nofollow noopener noreferrer\">x</a></p>\n"],
];

describe('audit', () => {
  it('catches what the corpus must never produce', () => {
    expect(audit('<script>x</script><p style="x" onclick="x">a</p>', 'post')).toEqual([
      'element <script>',
      'attribute style on <p>',
      'attribute onclick on <p>',
    ]);
    expect(audit('<a href="jav&#x09;ascript:x">a</a><img src="data:image/png,x"><a href="http://e.com">e</a>', 'post')).toEqual([
      'javascript: in href of <a>',
      'data: in src of <img>',
      'external link without rel: http://e.com',
    ]);
    expect(audit('<h1>x</h1><img src="/a.png">', 'comment')).toEqual(['element <h1>', 'element <img>']);
  });
});

describe('XSS corpus', () => {
  it('has enough distinct payloads', () => {
    expect(new Set(CORPUS.map(([payload]) => payload)).size).toBeGreaterThanOrEqual(60);
  });

  it.each(CORPUS)('post: %j', (payload, post) => {
    const html = renderMarkdown(payload, { profile: 'post' });
    expect(audit(html, 'post')).toEqual([]);
    expect(html).toBe(post);
  });

  it.each(CORPUS)('comment: %j', (payload, post) => {
    const html = renderMarkdown(payload, { profile: 'comment' });
    expect(audit(html, 'comment')).toEqual([]);
    if (!/<(img|table|h[1-3])\b/.test(post)) expect(html).toBe(post);
  });
});
