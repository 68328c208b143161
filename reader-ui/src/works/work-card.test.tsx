import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { WorkItem } from './api';
import { WorkCard } from './work-card';

const base: WorkItem = {
  id: 'w1',
  TypeOf: 'video',
  Description: 'Read aloud',
  markdown: 'Read aloud',
  captionHtml: '<p>Read aloud</p>\n',
  Urlto: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  SentenceNumber: '3,4',
  author: { id: 'u1', name: 'Mira' },
  addedAt: '2026-01-02T03:04:05.000Z',
  editedAt: '2026-01-02T03:04:05.000Z',
  hidden: false,
  canEdit: false,
  canHide: false,
};
const render = (work: WorkItem) =>
  renderToStaticMarkup(
    <Router ssrPath="/">
      <WorkCard work={work} />
    </Router>,
  );

describe('WorkCard', () => {
  it('frames a video only from youtube-nocookie.com, and links back to its sentences and author', () => {
    const html = render(base);
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(html).toContain('<a href="/3">3</a>');
    expect(html).toContain('<a href="/4">4</a>');
    expect(html).toContain('<a href="/works/by/u1">Mira</a>');
  });

  it("shows a caption as the server rendered it, under the work's kind, and describes the player by it", () => {
    const html = render({ ...base, captionHtml: '<p>The <strong>loom</strong> of <a class="sentence-link" href="/8">8</a></p>' });
    expect(html).toMatch(/<h3 class="work-card-title">Video<\/h3>/);
    expect(html).toContain('<strong>loom</strong> of <a class="sentence-link" href="/8">8</a>');
    const describedBy = /<iframe[^>]* aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<div id="${describedBy}">`);
    expect(render({ ...base, captionHtml: '' })).not.toContain('aria-describedby');
  });

  it('never frames or links anything else, and shows an erased author without a link', () => {
    for (const embedUrl of ['https://evil.example/embed/dQw4w9WgXcQ', 'javascript:alert(1)', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?x=1']) {
      const html = render({ ...base, embedUrl, Urlto: 'javascript:alert(1)' });
      expect(html).not.toContain('<iframe');
      expect(html).not.toContain('javascript:');
    }
    expect(render({ ...base, author: { id: null, name: 'deleted user' } })).not.toContain('/works/by/');
  });
});
