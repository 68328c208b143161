import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS, PoemFormatError } from '../errors.js';
import { DEFAULT_ABBREVIATIONS, parsePoemText, splitVerseLine, type ParsedPoemText, type ParsedSentence } from './parse-text.js';

// The verse below is public domain: Longfellow's Dante (1867), Milton's Paradise Lost (1674),
// Wordsworth, Keats, Pope, Byron, Shakespeare, the Bhagavad Gita, Li Bai, Meng Haoran, Yue Fei.

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

const allSentences = (poem: ParsedPoemText): ParsedSentence[] => poem.books.flatMap((b) => b.cantos.flatMap((c) => c.sections.flatMap((s) => s.sentences)));
const sentenceLines = (poem: ParsedPoemText) => allSentences(poem).map((s) => s.lines);

/** A sentence as the parser returns it, with the usual defaults. */
const sentence = (stanza: number, line: number, lines: string[], more: Partial<ParsedSentence> = {}): ParsedSentence => ({
  stanza,
  line,
  lines,
  joinsPrevious: false,
  stanzaBreaks: [],
  ...more,
});

/** A single-section poem around the given verse lines; the verse starts on source line 4. */
const HEAD = ['Book 1: Inferno', 'Canto I: The Dark Forest', 'Section 1'];
const verse = (...lines: string[]) => parse(...HEAD, ...lines);

/** Inferno I.3 and I.6: one closed sentence each, for filling sections in structure tests. */
const V = 'For the straightforward pathway had been lost.';
const W = 'Which in the very thought renews the fear.';

function roman(n: number): string {
  const table: [number, string][] = [
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
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
      title: 'The Divine Comedy',
      author: 'Dante Alighieri, translated by Henry Wadsworth Longfellow',
      books: [
        {
          book: 1,
          name: 'Inferno',
          line: 6,
          cantos: [
            {
              canto: 1,
              name: 'The Dark Forest',
              line: 8,
              sections: [
                {
                  section: 1,
                  name: '',
                  line: 10,
                  sentences: [
                    sentence(1, 11, [
                      'Midway upon the journey of our life',
                      'I found myself within a forest dark,',
                      'For the straightforward pathway had been lost.',
                    ]),
                    sentence(2, 15, [
                      'Ah me! how hard a thing it is to say',
                      'What was this forest savage, rough, and stern,',
                      'Which in the very thought renews the fear.',
                    ]),
                  ],
                },
                {
                  section: 2,
                  name: 'The Hill',
                  line: 19,
                  sentences: [
                    sentence(
                      3,
                      20,
                      [
                        "But after I had reached a mountain's foot,",
                        'At that point where the valley terminated,',
                        'Which had with consternation pierced my heart,',
                        'Upward I looked, and I beheld its shoulders,',
                        "Vested already with that planet's rays",
                        'Which leadeth others right by every road.',
                      ],
                      { stanzaBreaks: [3] },
                    ),
                    sentence(5, 28, [
                      'Then was the fear a little quieted',
                      "That in my heart's lake had endured throughout",
                      'The night, which I had passed so piteously.',
                    ]),
                    sentence(6, 32, [
                      'And even as he, who, with distressful breath,',
                      'Forth issued from the sea upon the shore,',
                      'Turns to the water perilous and gazes;',
                    ]),
                  ],
                },
              ],
            },
            {
              canto: 2,
              name: 'The Descent',
              line: 36,
              sections: [
                {
                  section: 1,
                  name: '',
                  line: 38,
                  sentences: [
                    sentence(7, 39, [
                      'And unto thee I came, as she desired;',
                      'I have delivered thee from that wild beast,',
                      "Which barred the beautiful mountain's short ascent.",
                    ]),
                    sentence(8, 43, ['What is it, then?']),
                    sentence(8, 43, ['Why, why dost thou delay?'], { joinsPrevious: true }),
                    sentence(8, 44, ['Why is such baseness bedded in thy heart?']),
                    sentence(
                      8,
                      45,
                      [
                        'Daring and hardihood why hast thou not,',
                        'Seeing that three such Ladies benedight',
                        'Are caring for thee in the court of Heaven,',
                        'And so much good my speech doth promise thee?”',
                      ],
                      { stanzaBreaks: [1] },
                    ),
                  ],
                },
              ],
            },
          ],
        },
        {
          book: 2,
          name: 'Paradiso',
          line: 51,
          cantos: [
            {
              canto: 1,
              name: 'The Ascent to the First Heaven',
              line: 53,
              sections: [
                {
                  section: 1,
                  name: '',
                  line: 55,
                  sentences: [
                    sentence(10, 56, [
                      'The glory of Him who moveth everything',
                      'Doth penetrate the universe, and shine',
                      'In one part more and in another less.',
                    ]),
                  ],
                },
              ],
            },
          ],
        },
      ],
      warnings: [{ line: 34, message: 'section ends without closing its sentence' }],
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
      V,
      'Section II: Two',
      W,
      'section 3',
      V,
      'Canto ii:   Second  ',
      'Section 1:',
      W,
      'book 2: Two: with a colon',
      'Canto I: Again',
      'Section 1: Titled',
      V,
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
    const lines = ['Book 1: Inferno'];
    for (let n = 1; n <= 120; n++) {
      const numeral = n % 2 === 0 ? roman(n) : roman(n).toLowerCase();
      lines.push(`Canto ${numeral}: Canto ${n}`, 'Section 1', V);
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

describe('parsePoemText: header lines', () => {
  it.each([
    ['Edition: First', 'first'],
    ['edition:centenary', 'centenary'],
    ['  EDITION :  Revised  ', 'revised'],
  ] as const)('%j names the edition %s', (line, edition) => {
    expect(parse(line, ...HEAD, V).edition).toBe(edition);
  });

  it('reads the title and author, in any order with the edition', () => {
    const poem = parse('# Longfellow, 1867', 'Author: Dante Alighieri', '', '  edition : first', 'TITLE :  The Divine Comedy: Inferno  ', ...HEAD, V);
    expect([poem.title, poem.author, poem.edition]).toEqual(['The Divine Comedy: Inferno', 'Dante Alighieri', 'first']);
  });

  it('is null without the lines', () => {
    const poem = verse(V);
    expect([poem.edition, poem.title, poem.author]).toEqual([null, null, null]);
  });

  it('may follow blank lines and comments', () => {
    expect(parse('', '# header comment', '', 'Edition: Centenary', '', ...HEAD, V).edition).toBe('centenary');
  });

  it('refuses an unknown edition, a late header line and a second one', () => {
    expect(errorsOf('Edition: Second', ...HEAD, V)).toEqual([
      'poem.txt:1: unknown edition "Second" (expected "Edition: First", "Edition: Centenary" or "Edition: Revised")',
    ]);
    expect(errorsOf(...HEAD, 'Edition: First', V)).toEqual([
      'poem.txt:4: "Edition:" line after the first heading (the "Edition:", "Title:" and "Author:" lines go before it)',
    ]);
    expect(errorsOf('Edition: First', 'Edition: Revised', ...HEAD, V)).toEqual(['poem.txt:2: a second "Edition:" line (the first is on line 1)']);
    expect(errorsOf('Title: Inferno', 'Author: Dante', 'title: Hell', ...HEAD, V)).toEqual(['poem.txt:3: a second "Title:" line (the first is on line 1)']);
    expect(errorsOf(...HEAD, V, 'Author: Dante Alighieri')).toEqual([
      'poem.txt:5: "Author:" line after the first heading (the "Edition:", "Title:" and "Author:" lines go before it)',
    ]);
    expect(errorsOf('Title:', 'Author:   ', ...HEAD, V)).toEqual([
      'poem.txt:1: "Title:" line without text (expected "Title: <text>")',
      'poem.txt:2: "Author:" line without text (expected "Author: <text>")',
    ]);
  });
});

describe('parsePoemText: lines, comments and stanzas', () => {
  it('ignores comment lines anywhere, without breaking or joining stanzas', () => {
    const poem = parse(
      '# opening comment',
      'Book 1: Inferno',
      '# between headings',
      'Canto 1: The Dark Forest',
      'Section 1',
      'Midway upon the journey of our life',
      '   # an indented comment inside a sentence',
      'I found myself within a forest dark,',
      'For the straightforward pathway had been lost.',
      '',
      '# a comment among blank lines',
      '',
      'Ah me! how hard a thing # with a hash kept as text.',
    );
    expect(allSentences(poem)).toEqual([
      sentence(1, 6, ['Midway upon the journey of our life', 'I found myself within a forest dark,', 'For the straightforward pathway had been lost.']),
      sentence(2, 13, ['Ah me! how hard a thing # with a hash kept as text.']),
    ]);
    expect(poem.warnings).toEqual([]);
  });

  it('strips indentation and trailing whitespace', () => {
    const poem = verse('\t\tMidway upon the journey of our life   ', '        I found myself within a forest dark,\t ', V);
    expect(sentenceLines(poem)).toEqual([['Midway upon the journey of our life', 'I found myself within a forest dark,', V]]);
  });

  it('treats several blank (or whitespace-only) lines as one stanza break', () => {
    const poem = verse(V, '', '   ', '\t', '', W, V, '', W);
    expect(allSentences(poem).map((s) => [s.stanza, s.line])).toEqual([
      [1, 4],
      [2, 9],
      [2, 10],
      [3, 12],
    ]);
  });

  it('numbers stanzas across sections, cantos and books; a heading starts a new stanza', () => {
    const poem = parse(
      'Book 1: Inferno',
      'Canto 1: The Dark Forest',
      'Section 1',
      V,
      'Section 2',
      W,
      '',
      V,
      'Canto 2: The Descent',
      'Section 1',
      W,
      'Book 2: Purgatorio',
      'Canto 1: The Shore',
      'Section 1',
      V,
    );
    expect(allSentences(poem).map((s) => s.stanza)).toEqual([1, 2, 3, 4, 5]);
    expect(poem.sentenceCount).toBe(5);
  });
});

describe('parsePoemText: sentences across stanzas', () => {
  it('reads the opening tercets of the Inferno, one sentence each', () => {
    const poem = verse(
      'Midway upon the journey of our life',
      'I found myself within a forest dark,',
      'For the straightforward pathway had been lost.',
      '',
      'Ah me! how hard a thing it is to say',
      'What was this forest savage, rough, and stern,',
      'Which in the very thought renews the fear.',
      '',
      'So bitter is it, death is little more;',
      'But of the good to treat, which there I found,',
      'Speak will I of the other things I saw there.',
    );
    expect(allSentences(poem)).toEqual([
      sentence(1, 4, ['Midway upon the journey of our life', 'I found myself within a forest dark,', 'For the straightforward pathway had been lost.']),
      sentence(2, 8, ['Ah me! how hard a thing it is to say', 'What was this forest savage, rough, and stern,', 'Which in the very thought renews the fear.']),
      sentence(3, 12, [
        'So bitter is it, death is little more;',
        'But of the good to treat, which there I found,',
        'Speak will I of the other things I saw there.',
      ]),
    ]);
    expect(poem.warnings).toEqual([]);
  });

  it('runs a sentence on from a tercet that ends with a comma into the next tercet', () => {
    const poem = verse(
      'I cannot well repeat how there I entered,',
      'So full was I of slumber at the moment',
      'In which I had abandoned the true way.',
      '',
      "But after I had reached a mountain's foot,",
      'At that point where the valley terminated,',
      'Which had with consternation pierced my heart,',
      '',
      'Upward I looked, and I beheld its shoulders,',
      "Vested already with that planet's rays",
      'Which leadeth others right by every road.',
      '',
      'Then was the fear a little quieted',
      "That in my heart's lake had endured throughout",
      'The night, which I had passed so piteously.',
    );
    expect(allSentences(poem)).toEqual([
      sentence(1, 4, ['I cannot well repeat how there I entered,', 'So full was I of slumber at the moment', 'In which I had abandoned the true way.']),
      sentence(
        2,
        8,
        [
          "But after I had reached a mountain's foot,",
          'At that point where the valley terminated,',
          'Which had with consternation pierced my heart,',
          'Upward I looked, and I beheld its shoulders,',
          "Vested already with that planet's rays",
          'Which leadeth others right by every road.',
        ],
        { stanzaBreaks: [3] },
      ),
      // Stanza 3 is inside sentence 2; the next sentence starts stanza 4.
      sentence(4, 16, ['Then was the fear a little quieted', "That in my heart's lake had endured throughout", 'The night, which I had passed so piteously.']),
    ]);
    expect(poem.warnings).toEqual([]);
  });

  it('runs a sentence across stanzas of a stanza poem, and over several breaks', () => {
    const poem = verse(
      'Continuous as the stars that shine',
      'And twinkle on the milky way,',
      'They stretched in never-ending line',
      'Along the margin of a bay:',
      'Ten thousand saw I at a glance,',
      'Tossing their heads in sprightly dance.',
      '',
      'The waves beside them danced; but they',
      'Out-did the sparkling waves in glee:',
      'A poet could not but be gay,',
      'In such a jocund company:',
      'I gazed—and gazed—but little thought',
      'What wealth the show to me had brought:',
      '',
      'For oft, when on my couch I lie',
      'In vacant or in pensive mood,',
      'They flash upon that inward eye',
      'Which is the bliss of solitude;',
      'And then my heart with pleasure fills,',
      'And dances with the daffodils.',
    );
    const [first, second] = allSentences(poem);
    expect(first).toMatchObject({ stanza: 1, line: 4, stanzaBreaks: [] });
    expect(second).toMatchObject({ stanza: 2, line: 11, joinsPrevious: false, stanzaBreaks: [6] });
    expect(second?.lines).toHaveLength(12);
    expect(second?.lines[6]).toBe('For oft, when on my couch I lie');
    expect(poem.sentenceCount).toBe(2);

    const across = verse('Even as the Romans, for the mighty host,', '', 'The year of Jubilee,', '', '', 'upon the bridge.');
    expect(allSentences(across)).toEqual([
      sentence(1, 4, ['Even as the Romans, for the mighty host,', 'The year of Jubilee,', 'upon the bridge.'], { stanzaBreaks: [1, 2] }),
    ]);
  });

  it('closes an unfinished sentence at a heading or the end of the file, with a warning', () => {
    const poem = verse(
      'And even as he, who, with distressful breath,',
      'Forth issued from the sea upon the shore,',
      'Turns to the water perilous and gazes;',
      '',
      'Section 2',
      'So did my soul, that still was fleeing onward,',
    );
    expect(allSentences(poem)).toEqual([
      sentence(1, 4, ['And even as he, who, with distressful breath,', 'Forth issued from the sea upon the shore,', 'Turns to the water perilous and gazes;']),
      sentence(2, 9, ['So did my soul, that still was fleeing onward,']),
    ]);
    expect(poem.warnings).toEqual([
      { line: 6, message: 'section ends without closing its sentence' },
      { line: 9, message: 'section ends without closing its sentence' },
    ]);
  });

  it('returns warnings in line order', () => {
    const poem = verse('Turns to the water perilous and gazes;', '', 'Canto 5 the lookalike');
    expect(poem.warnings).toEqual([
      { line: 6, message: 'this line looks like a heading but has no ":" after "Canto 5"; it is read as verse' },
      { line: 6, message: 'section ends without closing its sentence' },
    ]);
  });
});

describe('parsePoemText: sentences ending mid-line', () => {
  it('cuts Milton’s verse line at "With vain attempt." and joins the next sentence to it', () => {
    const source = [
      'Raised impious war in Heaven and battle proud,',
      'With vain attempt. Him the Almighty Power',
      "Hurled headlong flaming from th' ethereal sky,",
      'With hideous ruin and combustion, down',
      'To bottomless perdition, there to dwell',
      'In adamantine chains and penal fire,',
      "Who durst defy th' Omnipotent to arms.",
      'Nine times the space that measures day and night',
      'To mortal men, he, with his horrid crew,',
      'Lay vanquished, rolling in the fiery gulf,',
      'Confounded, though immortal. But his doom',
      'Reserved him to more wrath; for now the thought',
      'Both of lost happiness and lasting pain',
      'Torments him: round he throws his baleful eyes,',
    ];
    const poem = verse(...source);
    const sentences = allSentences(poem);
    expect(sentences).toEqual([
      sentence(1, 4, ['Raised impious war in Heaven and battle proud,', 'With vain attempt.']),
      sentence(
        1,
        5,
        [
          'Him the Almighty Power',
          "Hurled headlong flaming from th' ethereal sky,",
          'With hideous ruin and combustion, down',
          'To bottomless perdition, there to dwell',
          'In adamantine chains and penal fire,',
          "Who durst defy th' Omnipotent to arms.",
        ],
        { joinsPrevious: true },
      ),
      sentence(1, 11, [
        'Nine times the space that measures day and night',
        'To mortal men, he, with his horrid crew,',
        'Lay vanquished, rolling in the fiery gulf,',
        'Confounded, though immortal.',
      ]),
      sentence(
        1,
        14,
        [
          'But his doom',
          'Reserved him to more wrath; for now the thought',
          'Both of lost happiness and lasting pain',
          'Torments him: round he throws his baleful eyes,',
        ],
        { joinsPrevious: true },
      ),
    ]);
    expect(poem.warnings).toEqual([{ line: 17, message: 'section ends without closing its sentence' }]);

    // Joining each sentence's fragments, and a joining sentence's first fragment to the line before, gives the verse back.
    const rebuilt: string[] = [];
    for (const s of sentences) {
      const [head, ...rest] = s.lines;
      if (s.joinsPrevious) rebuilt.push(`${rebuilt.pop()} ${head}`);
      else rebuilt.push(head as string);
      rebuilt.push(...rest);
    }
    expect(rebuilt).toEqual(source);
  });

  it('ends a sentence at a mid-line question mark followed by a capital', () => {
    const poem = verse(
      'His utmost power with adverse power opposed',
      'In dubious battle on the plains of Heaven,',
      'And shook his throne. What though the field be lost?',
      'All is not lost—the unconquerable will,',
      'And study of revenge, immortal hate,',
      'And courage never to submit or yield:',
    );
    expect(allSentences(poem).map((s) => [s.line, s.joinsPrevious, s.lines])).toEqual([
      [4, false, ['His utmost power with adverse power opposed', 'In dubious battle on the plains of Heaven,', 'And shook his throne.']],
      [6, true, ['What though the field be lost?']],
      [7, false, ['All is not lost—the unconquerable will,', 'And study of revenge, immortal hate,', 'And courage never to submit or yield:']],
    ]);
  });

  it('ends a sentence at a mid-line exclamation mark followed by a capital', () => {
    const poem = verse('Bob Southey! You’re a poet—Poet-laureate,', 'And representative of all the race;');
    expect(allSentences(poem)).toEqual([
      sentence(1, 4, ['Bob Southey!']),
      sentence(1, 4, ['You’re a poet—Poet-laureate,', 'And representative of all the race;'], { joinsPrevious: true }),
    ]);
  });

  it('gives several sentences for a line with several sentence ends, normalising the spaces between them', () => {
    const poem = verse('She rose! And all fell.   Then night.', 'What is it, then?  Why, why dost thou delay?');
    expect(allSentences(poem)).toEqual([
      sentence(1, 4, ['She rose!']),
      sentence(1, 4, ['And all fell.'], { joinsPrevious: true }),
      sentence(1, 4, ['Then night.'], { joinsPrevious: true }),
      sentence(1, 5, ['What is it, then?']),
      sentence(1, 5, ['Why, why dost thou delay?'], { joinsPrevious: true }),
    ]);
    expect(poem.sentenceCount).toBe(5);
    expect(poem.warnings).toEqual([]);
  });

  it('never joins the first sentence of a section to the one before', () => {
    const poem = verse('Confounded, though immortal. But his doom', 'Section 2', 'Reserved him to more wrath.');
    const sections = poem.books[0]?.cantos[0]?.sections ?? [];
    expect(sections.map((s) => s.sentences.map((t) => t.joinsPrevious))).toEqual([[false, true], [false]]);
  });

  it('cuts after closing quotes and brackets, and after a spaced guillemet', () => {
    const poem = verse(
      '“Stop, thou; for by thy garb to us thou seemest',
      'To be some one of our depraved city.” Ah me! what wounds',
      '« Adieu. »  « Au revoir ! »',
      '(All this was long ago.) Then',
      'came the dawn.',
    );
    expect(sentenceLines(poem)).toEqual([
      ['“Stop, thou; for by thy garb to us thou seemest', 'To be some one of our depraved city.”'],
      ['Ah me! what wounds', '« Adieu. »'],
      ['« Au revoir ! »'],
      ['(All this was long ago.)'],
      ['Then', 'came the dawn.'],
    ]);
    expect(allSentences(poem).map((s) => s.joinsPrevious)).toEqual([false, true, true, false, true]);
  });
});

describe('parsePoemText: marks that do not end a sentence', () => {
  it('goes on after ! or ? followed by a lower-case word on the same line', () => {
    const poem = verse(
      'Ah me! how hard a thing it is to say',
      'What was this forest savage, rough, and stern,',
      'Which in the very thought renews the fear.',
      'Blow, winds, and crack your cheeks! rage! blow!',
      'You cataracts and hurricanoes, spout',
      "Till you have drench'd our steeples, drown'd the cocks!",
      '"Come!" she cried; and "Who?" — he',
      'answered not.',
    );
    expect(sentenceLines(poem)).toEqual([
      ['Ah me! how hard a thing it is to say', 'What was this forest savage, rough, and stern,', 'Which in the very thought renews the fear.'],
      ['Blow, winds, and crack your cheeks! rage! blow!'],
      ['You cataracts and hurricanoes, spout', "Till you have drench'd our steeples, drown'd the cocks!"],
      ['"Come!" she cried; and "Who?" — he', 'answered not.'],
    ]);
  });

  it('ends a sentence at ! or ? at the end of a line, whatever the next line begins with', () => {
    const poem = verse('St. Agnes’ Eve—Ah, bitter chill it was!', 'The owl, for all his feathers, was a-cold;', 'Who calls?', 'and none replied.');
    expect(sentenceLines(poem)).toEqual([
      ['St. Agnes’ Eve—Ah, bitter chill it was!'],
      ['The owl, for all his feathers, was a-cold;', 'Who calls?'],
      ['and none replied.'],
    ]);
  });

  it('does not end a sentence at the dot of an abbreviation such as St.', () => {
    const poem = verse(
      'Even as the Romans, for the mighty host,',
      'The year of Jubilee, upon the bridge,',
      'Have chosen a mode to pass the people over;',
      '',
      'For all upon one side towards the Castle',
      "Their faces have, and go unto St. Peter's;",
      'On the other side they go towards the Mountain.',
      '',
      'Awake, my St. John! leave all meaner things',
      'To low ambition, and the pride of kings.',
    );
    expect(allSentences(poem)).toEqual([
      sentence(
        1,
        4,
        [
          'Even as the Romans, for the mighty host,',
          'The year of Jubilee, upon the bridge,',
          'Have chosen a mode to pass the people over;',
          'For all upon one side towards the Castle',
          "Their faces have, and go unto St. Peter's;",
          'On the other side they go towards the Mountain.',
        ],
        { stanzaBreaks: [3] },
      ),
      sentence(3, 12, ['Awake, my St. John! leave all meaner things', 'To low ambition, and the pride of kings.']),
    ]);
  });

  it('knows the default abbreviations, case-insensitively, and ends at etc. unless a lower-case word follows', () => {
    expect(DEFAULT_ABBREVIATIONS).toEqual(['St.', 'Mr.', 'Mrs.', 'Dr.', 'Ms.', 'Jr.', 'Sr.', 'vs.', 'etc.', 'i.e.', 'e.g.', 'cf.', 'viz.']);
    const one = (text: string) => expect(splitVerseLine(text).fragments).toEqual([text]);
    one('How pleasant to know Mr. Lear!');
    one('Where MRS. Grundy and DR. Johnson, ST. Paul');
    one('(cf. Inferno) the sea, i.e. the deep, e.g. the gulf, viz. Hell');
    one('David vs. Goliath, Smith Jr. and Smith Sr. Were there');
    one('Lances, swords, etc. and all the pomp of war');
    expect(splitVerseLine('Lances, swords, etc. Then war.')).toEqual({ fragments: ['Lances, swords, etc.', 'Then war.'], ends: true });
    expect(splitVerseLine('Lances, swords, etc.')).toEqual({ fragments: ['Lances, swords, etc.'], ends: true });
    // A word that only ends in an abbreviation is no abbreviation; nor is an initial.
    expect(splitVerseLine('It is the first. Then the last').fragments).toEqual(['It is the first.', 'Then the last']);
    // Outside abbreviations, a dot ends a sentence even before a lower-case word.
    expect(splitVerseLine('Which leadeth others right by every road. then').fragments).toEqual(['Which leadeth others right by every road.', 'then']);
    expect(splitVerseLine('So did I. J. Smith came').fragments).toEqual(['So did I.', 'J.', 'Smith came']);
    // An abbreviation at the end of a line does not end the sentence (except etc.).
    expect(splitVerseLine('And go unto St.')).toEqual({ fragments: ['And go unto St.'], ends: false });
  });

  it('takes more abbreviations from the options', () => {
    const dateline = 'Composed upon Westminster Bridge, Sept. 3, 1802';
    expect(splitVerseLine(dateline).fragments).toEqual(['Composed upon Westminster Bridge, Sept.', '3, 1802']);
    expect(splitVerseLine(dateline, ['sept']).fragments).toEqual([dateline]);
    const lines = [
      ...HEAD,
      dateline,
      'Earth has not anything to show more fair:',
      'Dull would he be of soul who could pass by',
      'A sight so touching in its majesty.',
    ];
    const poem = parsePoemText(lines.join('\n'), 'poem.txt', { abbreviations: ['Sept.'] });
    expect(sentenceLines(poem)).toEqual([lines.slice(3)]);
    // The defaults still apply alongside.
    expect(
      sentenceLines(parsePoemText([...HEAD, 'Awake, my St. John! leave all meaner things.'].join('\n'), 'poem.txt', { abbreviations: ['Sept.'] })),
    ).toHaveLength(1);
  });

  it('does not end a sentence at an ellipsis mid-line, but does at the end of a line', () => {
    const poem = verse('And then... the silence', 'and then… the dark', 'and then . . . the light', 'and then.... the end…', 'New sentence...', 'Last . . .');
    expect(sentenceLines(poem)).toEqual([
      ['And then... the silence', 'and then… the dark', 'and then . . . the light', 'and then.... the end…'],
      ['New sentence...'],
      ['Last . . .'],
    ]);
    expect(poem.warnings).toEqual([]);
  });

  it('reads a spaced ellipsis glued to its words as one, not as sentences of dots (Longfellow, Inferno IX.7–9, as Gutenberg prints it)', () => {
    const poem = verse(
      '"Still it behoveth us to win the fight,"',
      'Began he; "Else. . .Such offered us herself . . .',
      'O how I long that some one here arrive!"',
    );
    expect(sentenceLines(poem)).toEqual([
      ['"Still it behoveth us to win the fight,"', 'Began he; "Else. . .Such offered us herself . . .'],
      ['O how I long that some one here arrive!"'],
    ]);
    expect(splitVerseLine('Else. . . Such, and then. . .').fragments).toEqual(['Else. . . Such, and then. . .']);
    // A full stop before a sentence that begins with a dot-free word still ends it.
    expect(splitVerseLine('So did I. Then we went').fragments).toEqual(['So did I.', 'Then we went']);
  });

  it('needs whitespace or the end of the line after the mark', () => {
    const poem = verse('Pi is 3.14 and more,', 'see the notes (etc.), then', 'the Word.—spoken', 'at last.');
    expect(sentenceLines(poem)).toEqual([['Pi is 3.14 and more,', 'see the notes (etc.), then', 'the Word.—spoken', 'at last.']]);
    expect(poem.warnings).toEqual([]);
  });
});

describe('parsePoemText: other scripts', () => {
  it('ends sentences at the Devanagari danda । and double danda ॥', () => {
    const poem = verse(
      'धृतराष्ट्र उवाच ।',
      'धर्मक्षेत्रे कुरुक्षेत्रे समवेता युयुत्सवः ।',
      'मामकाः पाण्डवाश्चैव किमकुर्वत सञ्जय ॥१॥',
      '',
      'सञ्जय उवाच । दृष्ट्वा तु पाण्डवानीकं व्यूढं दुर्योधनस्तदा ।',
    );
    expect(allSentences(poem)).toEqual([
      sentence(1, 4, ['धृतराष्ट्र उवाच ।']),
      sentence(1, 5, ['धर्मक्षेत्रे कुरुक्षेत्रे समवेता युयुत्सवः ।']),
      // The verse number ॥१॥ does not end the sentence after its first ॥.
      sentence(1, 6, ['मामकाः पाण्डवाश्चैव किमकुर्वत सञ्जय ॥१॥']),
      sentence(2, 8, ['सञ्जय उवाच ।']),
      sentence(2, 8, ['दृष्ट्वा तु पाण्डवानीकं व्यूढं दुर्योधनस्तदा ।'], { joinsPrevious: true }),
    ]);
    expect(poem.warnings).toEqual([]);
  });

  it('ends sentences at the full-width 。！？, mid-line only before a space', () => {
    const poem = verse(
      '床前明月光，',
      '疑是地上霜。',
      '举头望明月，',
      '低头思故乡。',
      '',
      '夜来风雨声，',
      '花落知多少？',
      '莫等闲、白了少年头，空悲切！',
      '',
      '床前明月光，疑是地上霜。举头望明月，低头思故乡。',
      '床前明月光，疑是地上霜。 举头望明月，低头思故乡。',
    );
    expect(sentenceLines(poem)).toEqual([
      ['床前明月光，', '疑是地上霜。'],
      ['举头望明月，', '低头思故乡。'],
      ['夜来风雨声，', '花落知多少？'],
      ['莫等闲、白了少年头，空悲切！'],
      ['床前明月光，疑是地上霜。举头望明月，低头思故乡。'],
      ['床前明月光，疑是地上霜。'],
      ['举头望明月，低头思故乡。'],
    ]);
  });
});

describe('parsePoemText: errors', () => {
  /** Canto `n` of Book 1 with `sections` sections, or only its sections when `heading` is false. */
  const cantoLines = (n: number, sections: number, heading = true) => [
    ...(heading ? [`Canto ${n}: Canto ${n}`] : []),
    ...Array.from({ length: sections }, (_, i) => [`Section ${i + 1}`, i % 2 === 0 ? V : W]).flat(),
  ];
  const lineOf = (lines: string[], text: string) => lines.indexOf(text) + 1;

  it('names the file and line in the message and lists the problems', () => {
    const error = failure(`Book 1: Inferno\nCanto 2: The Descent\nSection 1\n${V}`, 'savitri.txt');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('PoemFormatError');
    expect(error.problems).toEqual([{ file: 'savitri.txt', line: 2, message: 'Canto 1 has no heading (found Canto 2 first in Book 1)' }]);
    expect(error.message).toBe('savitri.txt:2: Canto 1 has no heading (found Canto 2 first in Book 1)');
  });

  it('reports a missing canto heading once, at the next canto heading, and numbers on from there', () => {
    // Canto 5's sections follow Canto 4's last section; Cantos 6 and 7 are in order.
    const lines = [
      'Book 1: Inferno',
      ...cantoLines(1, 1),
      ...cantoLines(2, 1),
      ...cantoLines(3, 2),
      ...cantoLines(4, 3),
      ...cantoLines(5, 2, false),
      ...cantoLines(6, 2),
      ...cantoLines(7, 1),
    ];
    expect(errorsOf(...lines)).toEqual([`poem.txt:${lineOf(lines, 'Canto 6: Canto 6')}: Canto 5 has no heading (found Canto 6 after Canto 4)`]);
    // Canto 5 without any section heading of its own: its verse runs on in Canto 4.
    const plain = [
      'Book 1: Inferno',
      ...cantoLines(1, 1),
      ...cantoLines(2, 1),
      ...cantoLines(3, 1),
      ...cantoLines(4, 1),
      V,
      W,
      ...cantoLines(6, 1),
      ...cantoLines(7, 1),
    ];
    expect(errorsOf(...plain)).toEqual([`poem.txt:${lineOf(plain, 'Canto 6: Canto 6')}: Canto 5 has no heading (found Canto 6 after Canto 4)`]);
    // Two cantos missing.
    const two = ['Book 1: Inferno', ...cantoLines(1, 2), ...cantoLines(2, 2, false), ...cantoLines(3, 2, false), ...cantoLines(4, 1)];
    expect(errorsOf(...two)).toEqual([`poem.txt:${lineOf(two, 'Canto 4: Canto 4')}: Cantos 2 and 3 have no heading (found Canto 4 after Canto 1)`]);
  });

  it('reports a missing last canto heading once, where its sections restart', () => {
    const lines = ['Book 1: Inferno', ...cantoLines(1, 1), ...cantoLines(2, 3), ...cantoLines(3, 2, false), 'Book 2: Purgatorio', ...cantoLines(1, 1)];
    const restart = lines.indexOf('Section 1', lines.indexOf('Section 3')) + 1;
    expect(errorsOf(...lines)).toEqual([
      `poem.txt:${restart}: expected Section 4 after Section 3, found Section 1; is the heading "Canto 3: <title>" missing before it?`,
    ]);
  });

  it('reports a section restart on its own line, without a hint, when the next canto comes in order', () => {
    const lines = ['Book 1: Inferno', ...cantoLines(1, 3), 'Section 1', V, 'Section 2', W, ...cantoLines(2, 1)];
    expect(errorsOf(...lines)).toEqual(['poem.txt:9: expected Section 4 after Section 3, found Section 1']);
  });

  it('reports a missing book heading once', () => {
    const lines = [
      'Book 1: Inferno',
      ...cantoLines(1, 1),
      ...cantoLines(2, 2),
      ...cantoLines(1, 1),
      ...cantoLines(2, 1),
      'Book 3: Paradiso',
      ...cantoLines(1, 1),
      'Book 4: Epilogue',
      ...cantoLines(1, 1),
    ];
    expect(errorsOf(...lines)).toEqual([`poem.txt:${lineOf(lines, 'Book 3: Paradiso')}: Book 2 has no heading (found Book 3 after Book 1)`]);
  });

  it('reports a missing section heading once', () => {
    const lines = [...HEAD, V, 'Section 2', W, 'Section 4', V, 'Section 5', W];
    expect(errorsOf(...lines)).toEqual(['poem.txt:7: Section 3 has no heading (found Section 4 after Section 2)']);
  });

  it('reports a duplicated section number once, whether the next is numbered on from it or from the one expected', () => {
    expect(errorsOf(...HEAD, V, 'Section 2', W, 'Section 2', V, 'Section 3', W)).toEqual([
      'poem.txt:7: Section 2 appears twice (expected Section 3 after Section 2)',
    ]);
    expect(errorsOf(...HEAD, V, 'Section 2', W, 'Section 2', V, 'Section 4', W)).toEqual([
      'poem.txt:7: Section 2 appears twice (expected Section 3 after Section 2)',
    ]);
    // A skipped number that was a typo: Section 4 written for 3, then 4 again.
    expect(errorsOf(...HEAD, V, 'Section 2', W, 'Section 4', V, 'Section 4', W, 'Section 5', V)).toEqual([
      'poem.txt:7: Section 3 has no heading (found Section 4 after Section 2)',
    ]);
  });

  it('reports a missing book title once', () => {
    const lines = [...HEAD, V, 'Book 2', 'Canto 1: The Shore', 'Section 1', W, 'Book 3: Paradiso', 'Canto 1: The Ascent', 'Section 1', V];
    expect(errorsOf(...lines)).toEqual(['poem.txt:5: Book 2 has no title (expected "Book 2: <title>")']);
    expect(errorsOf(...HEAD, V, 'Book 2:  ', 'Canto 1: The Shore', 'Section 1', W)).toEqual(['poem.txt:5: Book 2 has no title (expected "Book 2: <title>")']);
    // A title without its colon makes the heading a line of verse: one error where the cantos restart.
    const noColon = [...HEAD, V, 'Canto 2: The Descent', 'Section 1', W, 'Book 2 Purgatorio', 'Canto 1: The Shore', 'Section 1', V];
    const poemError = failure(noColon.join('\n'));
    expect(poemError.message.split('\n')).toEqual([
      'poem.txt:9: expected Canto 3 after Canto 2, found Canto 1; is the heading "Book 2: <title>" missing before it?',
    ]);
  });

  it.each([
    ['an empty file', [''], ['poem.txt:1: no heading "Book <number>: <title>" in the file']],
    ['only blank lines', ['', '  ', ''], ['poem.txt:1: no heading "Book <number>: <title>" in the file']],
    [
      'only header lines and a comment',
      ['Title: Inferno', 'Edition: First', '# nothing else'],
      ['poem.txt:4: no heading "Book <number>: <title>" in the file'],
    ],
    ['verse before any book', ['Midway upon the journey of our life', ...HEAD, V], ['poem.txt:1: no heading "Book <number>: <title>" before this verse']],
    [
      'verse before any canto',
      ['Book 1: Inferno', 'Midway upon the journey of our life', V, 'Canto 1: C', 'Section 1', W],
      ['poem.txt:2: no heading "Canto <number>: <title>" before this verse'],
    ],
    ['verse before any section', ['Book 1: Inferno', 'Canto 1: C', V, 'Section 1', W], ['poem.txt:3: no heading "Section <number>" before this verse']],
    ['a canto before any book', ['Canto 1: C', 'Section 1', V], ['poem.txt:1: no heading "Book <number>: <title>" before Canto 1']],
    [
      'a section before any canto',
      ['Book 1: Inferno', 'Section 1', V, 'Canto 1: C', 'Section 1', W],
      ['poem.txt:2: no heading "Canto <number>: <title>" before Section 1'],
    ],
    ['a book without a title', ['Book 1', 'Canto 1: C', 'Section 1', V], ['poem.txt:1: Book 1 has no title (expected "Book 1: <title>")']],
    ['a canto with an empty title', ['Book 1: Inferno', 'Canto 1:   ', 'Section 1', V], ['poem.txt:2: Canto 1 has no title (expected "Canto 1: <title>")']],
    ['a first book numbered 2', ['Book 2: Purgatorio', 'Canto 1: C', 'Section 1', V], ['poem.txt:1: Book 1 has no heading (found Book 2 first in the file)']],
    [
      'a book number skipped',
      [...HEAD, V, 'Book III: Paradiso', 'Canto 1: C', 'Section 1', W],
      ['poem.txt:5: Book 2 has no heading (found Book 3 after Book 1)'],
    ],
    [
      'a book number repeated',
      [...HEAD, V, 'Book 1: Again', 'Canto 1: C', 'Section 1', W],
      ['poem.txt:5: Book 1 appears twice (expected Book 2 after Book 1)'],
    ],
    [
      'a canto number repeated',
      [...HEAD, V, 'Canto 1: D', 'Section 1', W],
      ['poem.txt:5: Canto 1 appears twice (expected Canto 2 after Canto 1); is the heading "Book 2: <title>" missing before it?'],
    ],
    [
      'a canto number going back',
      [...HEAD, V, ...['Canto 2: D', 'Section 1', W, 'Canto 3: E', 'Section 1', V, 'Canto 2: F', 'Section 1', W]],
      ['poem.txt:11: expected Canto 4 after Canto 3, found Canto 2'],
    ],
    ['a section numbered 0', ['Book 1: Inferno', 'Canto 1: C', 'Section 0', V], ['poem.txt:3: expected Section 1 first in Canto 1, found Section 0']],
    ['a section number skipped', [...HEAD, V, 'Section 3', W], ['poem.txt:5: Section 2 has no heading (found Section 3 after Section 1)']],
    ['section numbers skipped', [...HEAD, V, 'Section 5', W], ['poem.txt:5: Sections 2 to 4 have no heading (found Section 5 after Section 1)']],
    [
      'a malformed Roman numeral',
      ['Book 1: Inferno', 'Canto IIII: C', 'Section 1', V],
      ['poem.txt:2: expected a number after "Canto" (1, 2, 3… or I, II, III…), found "IIII"'],
    ],
    ['a section without verse', [...HEAD, 'Section 2', V], ['poem.txt:3: Section 1 has no verse (a section needs at least one verse line)']],
    [
      'a last section without verse',
      [...HEAD, V, '', 'Section 2: Empty', '# only a comment', ''],
      ['poem.txt:6: Section 2 has no verse (a section needs at least one verse line)'],
    ],
    [
      'a canto without sections',
      ['Book 1: Inferno', 'Canto 1: C', 'Canto 2: D', 'Section 1', V],
      ['poem.txt:2: Canto 1 has no section (expected a heading "Section <number>" and verse after it)'],
    ],
    ['a book without cantos', [...HEAD, V, 'Book 2: Empty'], ['poem.txt:5: Book 2 has no canto (expected a heading "Canto <number>: <title>" after it)']],
  ] as const)('refuses %s', (_what, lines, expected) => {
    expect(errorsOf(...lines)).toEqual(expected);
  });

  it('reports a misplaced run of verse once, not once per line', () => {
    expect(errorsOf('Book 1: Inferno', 'Canto 1: C', V, W, V, '', W, 'Section 1', V)).toEqual(['poem.txt:3: no heading "Section <number>" before this verse']);
  });

  it('collects all problems in line order', () => {
    expect(errorsOf('Edition: Fourth', 'Book 1', 'Canto 2: C', 'Section 1', V, 'Section 2', 'Section 4', W, 'Book 3: B')).toEqual([
      'poem.txt:1: unknown edition "Fourth" (expected "Edition: First", "Edition: Centenary" or "Edition: Revised")',
      'poem.txt:2: Book 1 has no title (expected "Book 1: <title>")',
      'poem.txt:3: Canto 1 has no heading (found Canto 2 first in Book 1)',
      'poem.txt:6: Section 2 has no verse (a section needs at least one verse line)',
      'poem.txt:7: Section 3 has no heading (found Section 4 after Section 2)',
      'poem.txt:9: Book 2 has no heading (found Book 3 after Book 1)',
      'poem.txt:9: Book 3 has no canto (expected a heading "Canto <number>: <title>" after it)',
    ]);
  });

  it('reports at most 50 problems', () => {
    const lines = [...HEAD, V];
    for (let n = 1; n <= 80; n++) lines.push('Section 5', W);
    const error = failure(lines.join('\n'));
    expect(error.problems).toHaveLength(MAX_PROBLEMS);
    expect(error.problems[0]).toEqual({ file: 'poem.txt', line: 5, message: 'Sections 2 to 4 have no heading (found Section 5 after Section 1)' });
    expect(error.problems[1]).toEqual({ file: 'poem.txt', line: 7, message: 'Section 5 appears twice (expected Section 6 after Section 5)' });
    expect(error.message.split('\n')).toHaveLength(50);
  });
});

describe('parsePoemText: encodings', () => {
  it('reads CRLF (and bare CR) line endings with the same line numbers', () => {
    const lf = [
      'Edition: first',
      ...HEAD,
      '  Midway upon the journey of our life',
      'I found myself within a forest dark.  ',
      '',
      'What is it, then?  Why, why dost thou delay?',
    ].join('\n');
    const crlf = parsePoemText(lf.replaceAll('\n', '\r\n'), 'poem.txt');
    expect(crlf).toEqual(parsePoemText(lf, 'poem.txt'));
    expect(sentenceLines(crlf)).toEqual([
      ['Midway upon the journey of our life', 'I found myself within a forest dark.'],
      ['What is it, then?'],
      ['Why, why dost thou delay?'],
    ]);
    expect(allSentences(crlf).map((s) => s.line)).toEqual([5, 8, 8]);
    expect(parsePoemText(lf.replaceAll('\n', '\r'), 'poem.txt')).toEqual(crlf);
    expect(failure(`Book 1: Inferno\r\nCanto 1: C\r\n${V}\r\n`).message).toBe('poem.txt:3: no heading "Section <number>" before this verse');
  });

  it('ignores a UTF-8 byte-order mark', () => {
    const poem = parsePoemText(`\uFEFFEdition: Revised\nBook 1: Inferno\nCanto 1: C\nSection 1\n${V}`, 'poem.txt');
    expect(poem.edition).toBe('revised');
    expect(poem.books[0]?.line).toBe(2);
    expect(parsePoemText(`\uFEFFBook 1: Inferno\r\nCanto 1: C\r\nSection 1\r\n${V}`, 'poem.txt').books[0]?.name).toBe('Inferno');
    expect(parsePoemText(`\uFEFFTitle: Inferno\nBook 1: Inferno\nCanto 1: C\nSection 1\n${V}`, 'poem.txt').title).toBe('Inferno');
    expect(failure('\uFEFF').message).toBe('poem.txt:1: no heading "Book <number>: <title>" in the file');
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
            if (k % 2 === 0) lines.push(`    The ${sentences}th sentence, "spoken" softly, Ah me! how`, 'it ends at St. Peter’s here!');
            else lines.push(`A line of sentence ${sentences}, which runs on`, `and on... and ends here. Then ${sentences}.5 begins`);
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
    // Every odd sentence ends mid-line, where the even one after it begins.
    expect(poem.sentenceCount).toBe(25_000);
    expect(allSentences(poem)).toHaveLength(25_000);
    expect(allSentences(poem).filter((s) => s.joinsPrevious)).toHaveLength(12_500);
    expect(poem.warnings).toEqual([]);
    expect(elapsed).toBeLessThan(2000);
  });
});
