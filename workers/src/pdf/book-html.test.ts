import { describe, expect, it } from 'vitest';
import { emptySentence, type Placement } from '@epos/domain/poem/sentence-state';
import { pdfOptionsSchema } from '@epos/schemas';
import type { PdfPartContent } from '@epos/projections/poem/pdf-queries';
import { cantoHtml } from './book-html.js';

function canto(sentences: { lines: string[]; placement: Partial<Placement> }[]): string {
  const content: PdfPartContent = {
    title: 'Test',
    author: null,
    bookName: 'One',
    cantos: [{ canto: 1, name: 'नारदवाक्यम्', sections: { 1: '' } }],
    layers: {},
    sentences: sentences.map(({ lines, placement }, i) => ({
      canto: 1,
      section: 1,
      derived: {},
      state: {
        ...emptySentence(i + 1),
        placement: { book: 1, canto: 1, section: 1, stanza: 1, order: String(i), joinsPrevious: false, stanzaBreaks: [], ...placement },
        text: { first: lines },
      },
    })),
  };
  const input = {
    part: { typeOf: 2 as const, book: 1, canto: 1 },
    options: pdfOptionsSchema.parse({}),
    content,
    labels: { motherNote: 'M', authorNote: 'A', poemTitle: 'Test' },
    images: new Map<string, string>(),
  };
  return cantoHtml(input, 1);
}
const poemLines = (html: string) => [...html.matchAll(/<p class="poem-line([^"]*)"[^>]*>(.*?)<\/p>/g)].map((m) => ({ classes: m[1]!.trim(), html: m[2]! }));

describe('a canto as HTML for print', () => {
  it('sets a line shared by two sentences as one line, the second sentence numbered where it begins', () => {
    const lines = poemLines(
      canto([
        { lines: ['Raised impious war in Heaven and battle proud,', 'With vain attempt.'], placement: {} },
        { lines: ['Him the Almighty Power', 'Hurled headlong flaming from th’ ethereal sky,'], placement: { joinsPrevious: true } },
      ]),
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]!.html).toBe(
      'With vain attempt. <span class="joined"><span class="joined-num" aria-label="Sentence 2 begins here">2</span>Him the Almighty Power</span>',
    );
    expect(lines[2]!.html).toMatch(/^<span class="num" aria-label="Sentence 2">2<\/span>Hurled headlong/);
  });

  it('opens a stanza where a sentence runs across a stanza break, and keeps a tercet’s lines together', () => {
    const lines = poemLines(canto([{ lines: ['a', 'b', 'c', 'd', 'e', 'f'], placement: { stanzaBreaks: [3] } }]));
    expect(lines.map((l) => l.classes)).toEqual(['opens', '', 'closes', 'stanza-start opens', '', 'closes']);
  });

  it('marks Devanagari verse and names as Sanskrit', () => {
    const html = canto([{ lines: ['तपःस्वाध्यायनिरतं तपस्वी वाग्विदां वरम् ।'], placement: {} }]);
    expect(html).toContain('<p class="poem-line" lang="sa" id="s1">');
    expect(html).toContain('<p class="name" lang="sa">नारदवाक्यम्</p>');
  });
});
