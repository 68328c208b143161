import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { SERVER_ANSWERS_ID } from '@epos/schemas/pages/server-render';
import { pageWithBody, renderedLanguages } from './page-bodies.js';

const SHELL = `<!doctype html><html><head><title>Epos</title></head><body>
    <div id="root"></div>
    <noscript><p>This site needs JavaScript to show the poem.</p></noscript>
    <script type="module" src="/assets/index.js"></script></body></html>`;

describe('a page rendered on the server', () => {
  it('carries the app’s HTML in its root and the answers beside it, readable back whatever they hold', () => {
    const answers = { '/api/site': { siteName: '</script><script>alert(1)</script> & \u2028' } };
    const page = pageWithBody(SHELL, { html: '<main><p>O Lamp of Evening</p></main>', answers });
    const document = parseDocument(page);
    const root = DomUtils.getElementById('root', document)!;
    expect(DomUtils.textContent(root)).toBe('O Lamp of Evening');
    const scripts = DomUtils.getElementsByTagName('script', document);
    // the answers' text cannot end their element: one data script, then the app's own
    expect(scripts.map((s) => s.attribs.id ?? s.attribs.src)).toEqual([SERVER_ANSWERS_ID, '/assets/index.js']);
    expect(JSON.parse(DomUtils.textContent(scripts[0]!))).toEqual(answers);
    // it no longer says JavaScript is needed to read
    expect(DomUtils.getElementsByTagName('noscript', document)).toHaveLength(0);
  });

  it('is rendered for the translations its address names, else the reader’s own, and not for a query only the app knows', () => {
    expect(renderedLanguages('')).toEqual({ shown: [], own: null });
    expect(renderedLanguages('lang=fr,de,xx,fr')).toEqual({ shown: ['fr', 'de'], own: null });
    expect(renderedLanguages('lang=')).toEqual({ shown: [], own: null });
    expect(renderedLanguages('asOf=2026-01-01')).toBeNull();
    expect(renderedLanguages('lang=de&search=lamp')).toBeNull();
    // the reader's own, from their cookie, unless the address names some
    expect(renderedLanguages('', 'theme=dark; epos-lang=de%2Chi; other=1')).toEqual({ shown: ['hi', 'de'], own: ['hi', 'de'] });
    expect(renderedLanguages('lang=fr', 'epos-lang=hi')).toEqual({ shown: ['fr'], own: null });
    expect(renderedLanguages('', 'epos-lang=')).toEqual({ shown: [], own: [] });
    expect(renderedLanguages('', 'epos-lang=%E0%A4')).toEqual({ shown: [], own: null });
  });
});
