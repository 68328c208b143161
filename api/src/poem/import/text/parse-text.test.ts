import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS, PoemFormatError } from '../errors.js';
import { parsePoemText, type ParsedPoemText, type ParsedSentence } from './parse-text.js';

const parse = (...lines: string[]) => parsePoemText(lines.join('\n'), 'poem.txt');

/** The PoemFormatError a source throws (fails the test if it parses). */
function failure(source: string, fileName = 'poem.txt'): PoemFormatError {
  try {
    parsePoemText(source, fileName);
  } catch (error) {
    if (error instanceof PoemFormatError) return error;
    throw error;
  }
  throw new Error('expected a PoemFormatError, but the text parsed');
}
const errorsOf = (...lines: string[]) => failure(lines.join('\n')).message.split('\n');

const allSentences = (poem: ParsedPoemText): ParsedSentence[] =>
  poem.books.flatMap((b) => b.cantos.flatMap((c) => c.sections.flatMap((s) => s.sentences)));
const sentenceLines = (poem: ParsedPoemText) => allSentences(poem).map((s) => s.lines);

/** A single-section poem around the given verse lines; the verse starts on source line 4. */
const HEAD = ['Book 1: B', 'Canto 1: C', 'Section 1'];
const verse = (...lines: string[]) => parse(...HEAD, ...lines);

function roman(n: number): string {
  const table: [number, string][] = [
    [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
  ];
  let out = '';
  for (const [value, letters] of table) {
    while (n >= value) {
      out += letters;
      n -= value;
    }
  }
  return out;
}

describe('parsePoemText: the README example', () => {
  const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
  const example = /```text\n([\s\S]*?)```/.exec(readme)?.[1];

  it('parses to exactly the documented structure', () => {
    expect(example).toBeDefined();
    const poem = parsePoemText(example as string, 'example.txt');
    expect(poem).toEqual({
      edition: 'revised',
      books: [
        {
          book: 1,
          name: 'The Book of Dawn',
          line: 4,
          cantos: [
            {
              canto: 1,
              name: 'The Waking',
              line: 6,
              sections: [
                {
                  section: 1,
                  name: '',
                  line: 8,
                  sentences: [
                    { stanza: 1, line: 9, lines: ['The night lay folded on the sleeping hills', 'and no bird sang. A wind came up the vale'] },
                    { stanza: 1, line: 11, lines: ['and stirred the grass.'] },
                    { stanza: 2, line: 13, lines: ['"Who walks there?"'] },
                    { stanza: 2, line: 14, lines: ['The watchman called... and no one answered him,', 'for all the road was empty.'] },
                  ],
                },
                {
                  section: 2,
                  name: 'The Answer',
                  line: 17,
                  sentences: [
                    { stanza: 3, line: 18, lines: ['She rose! And all the valley rose with her.'] },
                    { stanza: 4, line: 21, lines: ['The morning kept its promise…'] },
                    { stanza: 4, line: 22, lines: ['and the day was long'] },
                    { stanza: 5, line: 24, lines: ['and the night was short.'] },
                  ],
                },
              ],
            },
            {
              canto: 2,
              name: 'The Journey',
              line: 26,
              sections: [{ section: 1, name: '', line: 28, sentences: [{ stanza: 6, line: 29, lines: ['They went out by the eastern road'] }] }],
            },
          ],
        },
        {
          book: 2,
          name: 'The Book of Return',
          line: 31,
          cantos: [
            {
              canto: 1,
              name: 'The Road Home',
              line: 33,
              sections: [
                {
                  section: 1,
                  name: '',
                  line: 35,
                  sentences: [
                    { stanza: 7, line: 36, lines: ['“Home at last,” she said; “the circle closes.”'] },
                    { stanza: 7, line: 37, lines: ['Will it hold?'] },
                  ],
                },
              ],
            },
          ],
        },
      ],
      warnings: [
        { line: 10, message: 'a sentence ends mid-line; the rest of the line stays with sentence 1' },
        { line: 18, message: 'a sentence ends mid-line; the rest of the line stays with sentence 5' },
        { line: 22, message: 'stanza ends without closing its sentence' },
        { line: 29, message: 'section ends without closing its sentence' },
      ],
      sentenceCount: 11,
    });
  });
});

describe('parsePoemText: headings', () => {
  it('numbers books, cantos and sections from the numerals', () => {
    const poem = parse(
      'BOOK I: One',
      'canto 1: First',
      'SECTION i',
      'a.',
      'Section II: Two',
      'b.',
      'section 3',
      'c.',
      'Canto ii:   Second  ',
      'Section 1:',
      'd.',
      'book 2: Two: with a colon',
      'Canto I: Again',
      'Section 1: Titled',
      'e.',
    );
    expect(poem.books.map((b) => [b.book, b.name, b.line])).toEqual([
      [1, 'One', 1],
      [2, 'Two: with a colon', 12],
    ]);
    expect(poem.books[0]?.cantos.map((c) => [c.canto, c.name])).toEqual([
      [1, 'First'],
      [2, 'Second'],
    ]);
    expect(poem.books[0]?.cantos[0]?.sections.map((s) => [s.section, s.name, s.line])).toEqual([
      [1, '', 3],
      [2, 'Two', 5],
      [3, '', 7],
    ]);
    expect(poem.books[0]?.cantos[1]?.sections[0]?.name).toBe('');
    expect(poem.books[1]?.cantos[0]?.sections[0]?.name).toBe('Titled');
  });

  it('reads Roman numerals up to C (and beyond), upper and lower case', () => {
    const lines = ['Book 1: B'];
    for (let n = 1; n <= 120; n++) {
      const numeral = n % 2 === 0 ? roman(n) : roman(n).toLowerCase();
      lines.push(`Canto ${numeral}: Canto ${n}`, 'Section 1', `Verse of canto ${n}.`);
    }
    const poem = parse(...lines);
    const cantos = poem.books[0]?.cantos ?? [];
    expect(cantos.map((c) => c.canto)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(cantos.every((c) => c.name === `Canto ${c.canto}`)).toBe(true);
    expect(cantos[99]?.line).toBe(2 + 99 * 3);
    expect(poem.sentenceCount).toBe(120);
  });

  it('reads a keyword and number followed by text without a colon as verse, with a warning', () => {
    const poem = verse('Book 3 was never written.');
    expect(sentenceLines(poem)).toEqual([['Book 3 was never written.']]);
    expect(poem.warnings).toEqual([{ line: 4, message: 'this line looks like a heading but has no ":" after "Book 3"; it is read as verse' }]);
    // Not a numeral at all: plain verse, no warning.
    expect(verse('Book of hours, canto of dawn.').warnings).toEqual([]);
  });
});

describe('parsePoemText: edition line', () => {
  it.each([
    ['Edition: First', 'first'],
    ['edition:centenary', 'centenary'],
    ['  EDITION :  Revised  ', 'revised'],
  ] as const)('%j names the edition %s', (line, edition) => {
    expect(parse(line, ...HEAD, 'x.').edition).toBe(edition);
  });

  it('is null without an edition line', () => {
    expect(verse('x.').edition).toBeNull();
  });

  it('may follow blank lines and comments', () => {
    expect(parse('', '# header comment', '', 'Edition: Centenary', '', ...HEAD, 'x.').edition).toBe('centenary');
  });

  it('refuses an unknown edition, a late edition line and a second one', () => {
    expect(errorsOf('Edition: Second', ...HEAD, 'x.')).toEqual(['poem.txt:1: expected "Edition: First", "Edition: Centenary" or "Edition: Revised"']);
    expect(errorsOf(...HEAD, 'Edition: First', 'x.')).toEqual(['poem.txt:4: expected the "Edition:" line only once, before the first heading']);
    expect(errorsOf('Edition: First', 'Edition: Revised', ...HEAD, 'x.')).toEqual([
      'poem.txt:2: expected the "Edition:" line only once, before the first heading',
    ]);
  });
});

describe('parsePoemText: lines, comments and stanzas', () => {
  it('ignores comment lines anywhere, without breaking or joining stanzas', () => {
    const poem = parse(
      '# opening comment',
      'Book 1: B',
      '# between headings',
      'Canto 1: C',
      'Section 1',
      'First line,',
      '   # an indented comment inside a sentence',
      'second line.',
      '',
      '# a comment among blank lines',
      '',
      'Next stanza # with a hash kept as text.',
    );
    expect(allSentences(poem)).toEqual([
      { stanza: 1, line: 6, lines: ['First line,', 'second line.'] },
      { stanza: 2, line: 12, lines: ['Next stanza # with a hash kept as text.'] },
    ]);
    expect(poem.warnings).toEqual([]);
  });

  it('strips indentation and trailing whitespace', () => {
    const poem = verse('\t\tIndented with tabs,   ', '        and with spaces\t ', 'and none.');
    expect(sentenceLines(poem)).toEqual([['Indented with tabs,', 'and with spaces', 'and none.']]);
  });

  it('treats several blank (or whitespace-only) lines as one stanza break', () => {
    const poem = verse('One.', '', '   ', '\t', '', 'Two.', 'Three.', '', 'Four.');
    expect(allSentences(poem).map((s) => [s.stanza, s.line])).toEqual([
      [1, 4],
      [2, 9],
      [2, 10],
      [3, 12],
    ]);
  });

  it('numbers stanzas across sections, cantos and books; a heading starts a new stanza', () => {
    const poem = parse(
      'Book 1: B',
      'Canto 1: C',
      'Section 1',
      'a.',
      'Section 2',
      'b.',
      '',
      'c.',
      'Canto 2: D',
      'Section 1',
      'd.',
      'Book 2: E',
      'Canto 1: F',
      'Section 1',
      'e.',
    );
    expect(allSentences(poem).map((s) => s.stanza)).toEqual([1, 2, 3, 4, 5]);
    expect(poem.sentenceCount).toBe(5);
  });
});

describe('parsePoemText: sentences', () => {
  it('finds a sentence across three lines', () => {
    const poem = verse('The first line runs on', 'into a second line', 'and ends on the third.', 'Another begins.');
    expect(allSentences(poem)).toEqual([
      { stanza: 1, line: 4, lines: ['The first line runs on', 'into a second line', 'and ends on the third.'] },
      { stanza: 1, line: 7, lines: ['Another begins.'] },
    ]);
    expect(poem.warnings).toEqual([]);
  });

  it('keeps two sentences on one line together as one sentence, with a warning', () => {
    const poem = verse('Before.', 'He came. He saw.', 'After.');
    expect(sentenceLines(poem)).toEqual([['Before.'], ['He came. He saw.'], ['After.']]);
    expect(poem.warnings).toEqual([{ line: 5, message: 'a sentence ends mid-line; the rest of the line stays with sentence 2' }]);
    expect(poem.sentenceCount).toBe(3);
  });

  it('ends a sentence with the line it ends in and starts the next on the next line', () => {
    const poem = verse('It was the hour', 'before the dawn. And then', 'the gods awoke.');
    expect(sentenceLines(poem)).toEqual([['It was the hour', 'before the dawn. And then'], ['the gods awoke.']]);
    expect(poem.warnings).toEqual([{ line: 5, message: 'a sentence ends mid-line; the rest of the line stays with sentence 1' }]);
  });

  it('reports one warning for a line with several mid-line ends', () => {
    const poem = verse('One. Two. Three. And', 'four.');
    expect(sentenceLines(poem)).toEqual([['One. Two. Three. And'], ['four.']]);
    expect(poem.warnings).toHaveLength(1);
  });

  it('ends a sentence at a stop followed by closing quotes or brackets', () => {
    const poem = verse(
      '“Go now,” she said.”',
      '(All this was long ago.)',
      "'Tis done.'",
      '[Here the page is torn.]',
      '« Adieu. »',
      '«Adieu.»',
      '« Adieu. »  « Au revoir ! »',
      'He wept.’',
      '"Come!" she cried, and he',
      'came.',
    );
    expect(sentenceLines(poem)).toEqual([
      ['“Go now,” she said.”'],
      ['(All this was long ago.)'],
      ["'Tis done.'"],
      ['[Here the page is torn.]'],
      ['« Adieu. »'],
      ['«Adieu.»'],
      ['« Adieu. »  « Au revoir ! »'],
      ['He wept.’'],
      ['"Come!" she cried, and he'],
      ['came.'],
    ]);
    expect(poem.warnings).toEqual([
      { line: 10, message: 'a sentence ends mid-line; the rest of the line stays with sentence 7' },
      { line: 12, message: 'a sentence ends mid-line; the rest of the line stays with sentence 9' },
    ]);
  });

  it('ends sentences at question and exclamation marks', () => {
    const poem = verse('Who calls?', 'Awake!', 'What now?!', 'Is it you? Yes', 'it is.');
    expect(sentenceLines(poem)).toEqual([['Who calls?'], ['Awake!'], ['What now?!'], ['Is it you? Yes'], ['it is.']]);
    expect(poem.warnings).toEqual([{ line: 7, message: 'a sentence ends mid-line; the rest of the line stays with sentence 4' }]);
  });

  it('does not end a sentence at an ellipsis mid-line, but does at the end of a line', () => {
    const poem = verse(
      'And then... the silence',
      'and then… the dark',
      'and then . . . the light',
      'and then.... the end…',
      'New sentence...',
      'Last . . .',
    );
    expect(sentenceLines(poem)).toEqual([
      ['And then... the silence', 'and then… the dark', 'and then . . . the light', 'and then.... the end…'],
      ['New sentence...'],
      ['Last . . .'],
    ]);
    expect(poem.warnings).toEqual([]);
  });

  it('needs whitespace or the end of the line after the mark', () => {
    const poem = verse('Pi is 3.14 and more,', 'see the notes (etc.), then', 'the Word.—spoken', 'at last.');
    expect(sentenceLines(poem)).toEqual([['Pi is 3.14 and more,', 'see the notes (etc.), then', 'the Word.—spoken', 'at last.']]);
    expect(poem.warnings).toEqual([]);
  });

  it('ends an unclosed sentence at a stanza break, a heading or the end of the file, with a warning', () => {
    const poem = verse('No stop here', '', 'nor here', 'Section 2', 'nor at the end');
    expect(allSentences(poem)).toEqual([
      { stanza: 1, line: 4, lines: ['No stop here'] },
      { stanza: 2, line: 6, lines: ['nor here'] },
      { stanza: 3, line: 8, lines: ['nor at the end'] },
    ]);
    expect(poem.warnings).toEqual([
      { line: 4, message: 'stanza ends without closing its sentence' },
      { line: 6, message: 'section ends without closing its sentence' },
      { line: 8, message: 'section ends without closing its sentence' },
    ]);
  });

  it('returns warnings in line order', () => {
    const poem = verse('open', '', 'Canto 5 the lookalike');
    expect(poem.warnings).toEqual([
      { line: 4, message: 'stanza ends without closing its sentence' },
      { line: 6, message: 'this line looks like a heading but has no ":" after "Canto 5"; it is read as verse' },
      { line: 6, message: 'section ends without closing its sentence' },
    ]);
  });
});

describe('parsePoemText: errors', () => {
  it('names the file and line in the message and lists the problems', () => {
    const error = failure('Book 1: B\nCanto 2: C\nSection 1\nx.', 'savitri.txt');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('PoemFormatError');
    expect(error.problems).toEqual([
      { file: 'savitri.txt', line: 2, message: 'expected Canto 1 (cantos are numbered from 1 in each book), found Canto 2' },
    ]);
    expect(error.message).toBe('savitri.txt:2: expected Canto 1 (cantos are numbered from 1 in each book), found Canto 2');
  });

  it.each([
    ['an empty file', [''], ['poem.txt:1: expected a heading "Book <number>: <title>"']],
    ['only blank lines', ['', '  ', ''], ['poem.txt:1: expected a heading "Book <number>: <title>"']],
    ['only an edition line and a comment', ['Edition: First', '# nothing else'], ['poem.txt:3: expected a heading "Book <number>: <title>"']],
    ['verse before any book', ['Once upon a time.', ...HEAD, 'x.'], ['poem.txt:1: expected a heading "Book <number>: <title>" before verse']],
    ['verse before any canto', ['Book 1: B', 'Once.', 'Twice.', 'Canto 1: C', 'Section 1', 'x.'], ['poem.txt:2: expected a heading "Canto <number>: <title>" before verse']],
    ['verse before any section', ['Book 1: B', 'Canto 1: C', 'Once.', 'Section 1', 'x.'], ['poem.txt:3: expected a heading "Section <number>" before verse']],
    ['a canto before any book', ['Canto 1: C', 'Section 1', 'x.'], ['poem.txt:1: expected a heading "Book <number>: <title>" before a canto']],
    ['a section before any canto', ['Book 1: B', 'Section 1', 'x.', 'Canto 1: C', 'Section 1', 'y.'], ['poem.txt:2: expected a heading "Canto <number>: <title>" before a section']],
    ['a book without a title', ['Book 1', 'Canto 1: C', 'Section 1', 'x.'], ['poem.txt:1: expected a title: "Book <number>: <title>"']],
    ['a canto with an empty title', ['Book 1: B', 'Canto 1:   ', 'Section 1', 'x.'], ['poem.txt:2: expected a title: "Canto <number>: <title>"']],
    ['a first book numbered 2', ['Book 2: B', 'Canto 1: C', 'Section 1', 'x.'], ['poem.txt:1: expected Book 1 (books are numbered from 1), found Book 2']],
    ['a book number skipped', [...HEAD, 'x.', 'Book III: B', 'Canto 1: C', 'Section 1', 'y.'], ['poem.txt:5: expected Book 2 (books are numbered from 1), found Book 3']],
    ['a canto number repeated', [...HEAD, 'x.', 'Canto 1: D', 'Section 1', 'y.'], ['poem.txt:5: expected Canto 2 (cantos are numbered from 1 in each book), found Canto 1']],
    ['a section numbered 0', ['Book 1: B', 'Canto 1: C', 'Section 0', 'x.'], ['poem.txt:3: expected Section 1 (sections are numbered from 1 in each canto), found Section 0']],
    ['a section number skipped', [...HEAD, 'x.', 'Section 3', 'y.'], ['poem.txt:5: expected Section 2 (sections are numbered from 1 in each canto), found Section 3']],
    ['a malformed Roman numeral', ['Book 1: B', 'Canto IIII: C', 'Section 1', 'x.'], ['poem.txt:2: expected a number after "Canto" (1, 2, 3… or I, II, III…), found "IIII"']],
    ['a section without verse', [...HEAD, 'Section 2', 'x.'], ['poem.txt:3: expected verse in Section 1 (a section needs at least one verse line)']],
    ['a last section without verse', [...HEAD, 'x.', '', 'Section 2: Empty', '# only a comment', ''], ['poem.txt:6: expected verse in Section 2 (a section needs at least one verse line)']],
    ['a canto without sections', ['Book 1: B', 'Canto 1: C', 'Canto 2: D', 'Section 1', 'x.'], ['poem.txt:2: expected a heading "Section <number>" and verse in Canto 1 (a canto needs at least one section)']],
    ['a book without cantos', [...HEAD, 'x.', 'Book 2: Empty'], ['poem.txt:5: expected a heading "Canto <number>: <title>" in Book 2 (a book needs at least one canto)']],
  ] as const)('refuses %s', (_what, lines, expected) => {
    expect(errorsOf(...lines)).toEqual(expected);
  });

  it('reports a misplaced run of verse once, not once per line', () => {
    expect(errorsOf('Book 1: B', 'Canto 1: C', 'a', 'b', 'c', '', 'd', 'Section 1', 'x.')).toEqual([
      'poem.txt:3: expected a heading "Section <number>" before verse',
    ]);
  });

  it('collects all problems in line order', () => {
    expect(
      errorsOf(
        'Edition: Fourth',
        'Book 1',
        'Canto 2: C',
        'Section 1',
        'x.',
        'Section 2',
        'Section 4',
        'y.',
        'Book 3: B',
      ),
    ).toEqual([
      'poem.txt:1: expected "Edition: First", "Edition: Centenary" or "Edition: Revised"',
      'poem.txt:2: expected a title: "Book <number>: <title>"',
      'poem.txt:3: expected Canto 1 (cantos are numbered from 1 in each book), found Canto 2',
      'poem.txt:6: expected verse in Section 2 (a section needs at least one verse line)',
      'poem.txt:7: expected Section 3 (sections are numbered from 1 in each canto), found Section 4',
      'poem.txt:9: expected Book 2 (books are numbered from 1), found Book 3',
      'poem.txt:9: expected a heading "Canto <number>: <title>" in Book 3 (a book needs at least one canto)',
    ]);
  });

  it('reports at most 50 problems', () => {
    const lines = [...HEAD, 'x.'];
    for (let n = 1; n <= 80; n++) lines.push('Section 5', 'y.');
    const error = failure(lines.join('\n'));
    expect(error.problems).toHaveLength(MAX_PROBLEMS);
    expect(error.problems[0]).toEqual({ file: 'poem.txt', line: 5, message: 'expected Section 2 (sections are numbered from 1 in each canto), found Section 5' });
    expect(error.message.split('\n')).toHaveLength(50);
  });
});

describe('parsePoemText: encodings', () => {
  it('reads CRLF (and bare CR) line endings with the same line numbers', () => {
    const lf = ['Edition: first', ...HEAD, '  Across two', 'lines.  ', '', 'Next.'].join('\n');
    const crlf = parsePoemText(lf.replaceAll('\n', '\r\n'), 'poem.txt');
    expect(crlf).toEqual(parsePoemText(lf, 'poem.txt'));
    expect(sentenceLines(crlf)).toEqual([['Across two', 'lines.'], ['Next.']]);
    expect(allSentences(crlf).map((s) => s.line)).toEqual([5, 8]);
    expect(parsePoemText(lf.replaceAll('\n', '\r'), 'poem.txt')).toEqual(crlf);
    expect(failure('Book 1: B\r\nCanto 1: C\r\nOops.\r\n').message).toBe('poem.txt:3: expected a heading "Section <number>" before verse');
  });

  it('ignores a UTF-8 byte-order mark', () => {
    const poem = parsePoemText('\uFEFFEdition: Revised\nBook 1: B\nCanto 1: C\nSection 1\nx.', 'poem.txt');
    expect(poem.edition).toBe('revised');
    expect(poem.books[0]?.line).toBe(2);
    expect(parsePoemText('\uFEFFBook 1: B\r\nCanto 1: C\r\nSection 1\r\nx.', 'poem.txt').books[0]?.name).toBe('B');
    expect(failure('\uFEFF').message).toBe('poem.txt:1: expected a heading "Book <number>: <title>"');
  });
});

describe('parsePoemText: performance', () => {
  it('parses 25,000 sentences (about 60,000 lines) quickly', () => {
    const lines: string[] = ['Edition: First'];
    let sentences = 0;
    for (let b = 1; b <= 5; b++) {
      lines.push(`Book ${roman(b)}: Book ${b}`, '');
      for (let c = 1; c <= 10; c++) {
        lines.push(`Canto ${c}: Canto ${c}`, '');
        for (let s = 1; s <= 10; s++) {
          lines.push(`Section ${s}`);
          for (let k = 1; k <= 50; k++) {
            sentences++;
            if (k % 2 === 0) lines.push(`    The ${sentences}th sentence, "spoken" softly,`, 'ends here!');
            else lines.push(`A line of sentence ${sentences}, which runs on`, `and on... and ends here.`);
            if (k % 4 === 0) lines.push('');
          }
          lines.push('');
        }
      }
    }
    expect(lines.length).toBeGreaterThan(55_000);
    const source = lines.join('\n');
    const started = performance.now();
    const poem = parsePoemText(source, 'big.txt');
    const elapsed = performance.now() - started;
    expect(poem.sentenceCount).toBe(25_000);
    expect(allSentences(poem)).toHaveLength(25_000);
    expect(poem.warnings).toEqual([]);
    expect(elapsed).toBeLessThan(2000);
  });
});
