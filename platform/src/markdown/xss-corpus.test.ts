import { describe, expect, it } from 'vitest';
import { audit } from '../testkit/html-allowlist.js';
import { XSS_CORPUS as CORPUS } from '../testkit/xss-payloads.js';
import { renderMarkdown } from './render.js';

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
