import { describe, expect, it } from 'vitest';
import { audit } from '../testkit/html-allowlist.js';
import { XSS_CORPUS } from '../testkit/xss-payloads.js';
import { renderMarkdown } from './render.js';
import { renderWithToc } from './toc.js';

/** The ids the table of contents added, taken out again: what the sanitiser alone made. */
const withoutIds = (html: string) => html.replace(/<(h[23]) id="toc-[a-z0-9-]+">/g, '<$1>');

describe('table of contents', () => {
  it('gives each h2 and h3 an id and lists the h3s under their h2, with sentence links working', () => {
    const { html, toc } = renderWithToc(
      '# The book\n\nOpening.\n\n## First light\n\nSee ||12||.\n\n### Dawn\n\n### Noon\n\n## Evening\n\n#### Too deep\n\n### Dusk\n',
    );
    expect(toc).toEqual([
      {
        TagHash: 'toc-first-light',
        TagText: 'First light',
        Innerhead3: [
          { TagHash: 'toc-dawn', TagText: 'Dawn' },
          { TagHash: 'toc-noon', TagText: 'Noon' },
        ],
      },
      { TagHash: 'toc-evening', TagText: 'Evening', Innerhead3: [{ TagHash: 'toc-dusk', TagText: 'Dusk' }] },
    ]);
    expect(html).toContain('<h2 id="toc-first-light">First light</h2>');
    expect(html).toContain('<h3 id="toc-dusk">Dusk</h3>');
    expect(html).toContain('<h1>The book</h1>');
    expect(html).toContain('<h4>Too deep</h4>');
    expect(html).toContain('<a class="sentence-link" href="/12">12</a>');
    expect(withoutIds(html)).toBe(
      renderMarkdown('# The book\n\nOpening.\n\n## First light\n\nSee ||12||.\n\n### Dawn\n\n### Noon\n\n## Evening\n\n#### Too deep\n\n### Dusk\n'),
    );
  });

  it('takes plain text from headings with markup, keeping the markup in the page', () => {
    const { html, toc } = renderWithToc(
      '## The *lamp* and `the` [threshold](/1)\n\n## Tom &amp; Jerry <em>now</em> ||7||\n\n## <script>alert(1)</script>Safe\n',
    );
    expect(toc.map((e) => [e.TagHash, e.TagText])).toEqual([
      ['toc-the-lamp-and-the-threshold', 'The lamp and the threshold'],
      ['toc-tom-jerry-now-7', 'Tom & Jerry now 7'],
      ['toc-safe', 'Safe'],
    ]);
    expect(html).toContain('<h2 id="toc-the-lamp-and-the-threshold">The <em>lamp</em> and <code>the</code> <a href="/1">threshold</a></h2>');
    expect(html).not.toContain('script');
  });

  it('gives duplicate heading texts distinct ids, never reusing one a later heading asks for', () => {
    const { html, toc } = renderWithToc('## Intro\n\n### Notes\n\n## Intro\n\n### Notes\n\n## Intro 2\n\n## Intro');
    expect(toc.map((e) => e.TagHash)).toEqual(['toc-intro', 'toc-intro-2', 'toc-intro-2-2', 'toc-intro-3']);
    expect(toc.map((e) => e.Innerhead3.map((h) => h.TagHash))).toEqual([['toc-notes'], ['toc-notes-2'], [], []]);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(6);
  });

  it('keeps headings without a Latin letter, an h3 before any h2, and skips empty headings', () => {
    const { toc } = renderWithToc('### Before\n\n## सावित्री\n\n## सावित्री\n\n## ![](/a.png)\n');
    expect(toc).toEqual([
      { TagHash: 'toc-before', TagText: 'Before', Innerhead3: [] },
      { TagHash: 'toc-section', TagText: 'सावित्री', Innerhead3: [] },
      { TagHash: 'toc-section-2', TagText: 'सावित्री', Innerhead3: [] },
    ]);
  });

  it('never keeps an id or attribute the author wrote: raw HTML headings are sanitised first', () => {
    const { html, toc } = renderWithToc('<h2 id="root" onclick="x()">Raw</h2>\n\n<h3 id="toc-raw">Sub</h3>\n\n## Raw\n');
    expect(toc.map((e) => e.TagHash)).toEqual(['toc-raw', 'toc-raw-2']);
    expect(html).not.toMatch(/id="root"|onclick/);
    expect(toc[0]!.Innerhead3).toEqual([{ TagHash: 'toc-sub', TagText: 'Sub' }]);
  });
});

describe('XSS corpus on books', () => {
  it.each(XSS_CORPUS)('book: %j', (payload, post) => {
    for (const markdown of [payload, `## ${payload}\n\n### ${payload}\n\n${payload}`]) {
      const { html, toc } = renderWithToc(markdown);
      expect(audit(withoutIds(html), 'post')).toEqual([]);
      expect(withoutIds(html)).toBe(renderMarkdown(markdown));
      for (const entry of [...toc, ...toc.flatMap((e) => e.Innerhead3)]) expect(entry.TagHash).toMatch(/^toc-[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(withoutIds(renderWithToc(payload).html)).toBe(post);
  });
});
