import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render.js';

const REL = 'rel="nofollow noopener noreferrer"';

describe('renderMarkdown', () => {
  it('renders headings, emphasis and lists', () => {
    expect(renderMarkdown('# Title\n\n## Sub\n\n*em* **strong** ~~gone~~')).toBe(
      '<h1>Title</h1>\n<h2>Sub</h2>\n<p><em>em</em> <strong>strong</strong> <s>gone</s></p>\n',
    );
    expect(renderMarkdown('- a\n- b\n\n3. c\n4. d')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>\n');
  });

  it('keeps the language class on fenced code and escapes its content', () => {
    expect(renderMarkdown('```ts\nconst a = 1 < 2;\n```')).toBe('<pre><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>\n');
  });

  it('renders tables with alignment as an attribute', () => {
    const html = renderMarkdown('| a | b |\n|:-|-:|\n| 1 | 2 |');
    expect(html).toContain('<th align="left">a</th>');
    expect(html).toContain('<td align="right">2</td>');
    expect(html).not.toContain('style');
  });

  it('marks links to other origins and leaves own links alone', () => {
    expect(renderMarkdown('[out](https://example.com "T")')).toBe(`<p><a href="https://example.com" title="T" ${REL}>out</a></p>\n`);
    expect(renderMarkdown('see https://example.com/x')).toBe(`<p>see <a href="https://example.com/x" ${REL}>https://example.com/x</a></p>\n`);
    expect(renderMarkdown('mail a@example.com')).toBe('<p>mail <a href="mailto:a@example.com">a@example.com</a></p>\n');
    expect(renderMarkdown('[in](/blog/1) [top](#top) [rel](./x)')).toBe('<p><a href="/blog/1">in</a> <a href="#top">top</a> <a href="./x">rel</a></p>\n');
    expect(renderMarkdown('<a href="/x" rel="opener" target="_blank">x</a>')).toBe('<p><a href="/x">x</a></p>\n');
  });

  it('renders images with http(s) and relative sources', () => {
    expect(renderMarkdown('![A cat](https://example.com/cat.png "Cat")')).toBe('<p><img src="https://example.com/cat.png" alt="A cat" title="Cat" /></p>\n');
    expect(renderMarkdown('<img src="/media/a.png" width="10" height="20" alt="">')).toBe('<img src="/media/a.png" width="10" height="20" alt="" />');
  });

  it('applies typographic replacements', () => {
    expect(renderMarkdown('"quoted" -- yes...')).toBe('<p>“quoted” – yes…</p>\n');
  });

  it('keeps allowed inline HTML', () => {
    expect(renderMarkdown('H<sub>2</sub>O <del>x</del>')).toBe('<p>H<sub>2</sub>O <del>x</del></p>\n');
    expect(renderMarkdown('<figure>\n\n![a](/a.png)\n\n<figcaption>c</figcaption></figure>')).toBe(
      '<figure>\n<p><img src="/a.png" alt="a" /></p>\n<figcaption>c</figcaption></figure>',
    );
  });
});

describe('sentence links', () => {
  const link = (n: string) => `<a class="sentence-link" href="/${n}">${n}</a>`;

  it('links ||n|| anywhere in text', () => {
    expect(renderMarkdown('As in ||12||, and ||3||.')).toBe(`<p>As in ${link('12')}, and ${link('3')}.</p>\n`);
    expect(renderMarkdown('*||7||*')).toBe(`<p><em>${link('7')}</em></p>\n`);
    expect(renderMarkdown('## Book ||40||')).toBe(`<h2>Book ${link('40')}</h2>\n`);
  });

  it('leaves code spans, code blocks and existing links alone', () => {
    expect(renderMarkdown('`||12||`')).toBe('<p><code>||12||</code></p>\n');
    expect(renderMarkdown('```\n||12||\n```')).toBe('<pre><code>||12||\n</code></pre>\n');
    expect(renderMarkdown('    ||12||')).toBe('<pre><code>||12||\n</code></pre>\n');
    expect(renderMarkdown('[see ||12||](/x)')).toBe('<p><a href="/x">see ||12||</a></p>\n');
    expect(renderMarkdown('<code>||12||</code>')).toBe('<p><code>||12||</code></p>\n');
  });

  it('needs one to seven digits between the double pipes', () => {
    expect(renderMarkdown('||x|| ||1a|| || 2 || ||12345678||')).toBe('<p>||x|| ||1a|| || 2 || ||12345678||</p>\n');
  });

  it('works inside table cells with escaped pipes', () => {
    expect(renderMarkdown('| ref |\n|-|\n| \\|\\|5\\|\\| |')).toContain(`<td>${link('5')}</td>`);
  });
});

describe('comment profile', () => {
  const comment = (markdown: string) => renderMarkdown(markdown, { profile: 'comment' });

  it('drops images and big headings but keeps their text', () => {
    expect(comment('# Hello\n\n![cat](https://example.com/cat.png) text')).toBe('<p>Hello</p>\n<p> text</p>\n');
    expect(comment('<h2>x</h2><img src="https://example.com/a.png">')).toBe('<p>x</p>');
    expect(comment('#### small')).toBe('<h4>small</h4>\n');
  });

  it('does not render tables', () => {
    const html = comment('| a |\n|-|\n| 1 |');
    expect(html).not.toMatch(/<t(able|d|h|r)\b/);
    expect(html).toContain('| a |');
  });

  it('still renders links, code and sentence links', () => {
    expect(comment('[x](https://example.com) `c` ||9||')).toBe(
      `<p><a href="https://example.com" ${REL}>x</a> <code>c</code> <a class="sentence-link" href="/9">9</a></p>\n`,
    );
  });
});
