import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS, PoemFormatError } from '../errors.js';
import { decodePoemFile, findInvalidUtf8, MAX_POEM_FILE_BYTES } from './decode-text.js';

/** A file's bytes: strings as UTF-8, number arrays as raw bytes. */
function bytesOf(...parts: (string | number[])[]): Uint8Array {
  const chunks = parts.map((part) => (typeof part === 'string' ? new TextEncoder().encode(part) : Uint8Array.from(part)));
  const bytes = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** The PoemFormatError decoding throws (fails the test if the bytes decode). */
function failure(bytes: Uint8Array, fileName = 'poem.txt'): PoemFormatError {
  try {
    decodePoemFile(bytes, fileName);
  } catch (error) {
    if (error instanceof PoemFormatError) return error;
    throw error;
  }
  throw new Error('expected a PoemFormatError, but the bytes decoded');
}
const errorsOf = (bytes: Uint8Array, fileName?: string) => failure(bytes, fileName).message.split('\n');

function randomBytes(seed: number, length: number): Uint8Array {
  const random = seededRandom(seed);
  return Uint8Array.from({ length }, () => Math.floor(random() * 256));
}

const BOM = [0xef, 0xbb, 0xbf];
const CP1252_HINT = 'not UTF-8 (it looks like Windows-1252; convert it with iconv)';
const CONVERT = 'not UTF-8 (convert it to UTF-8)';

describe('decodePoemFile: text that is read', () => {
  it('reads UTF-8 verse in several scripts unchanged, ZWJ and ZWNJ included', () => {
    const verse = [
      'Book 1: Voices',
      'कर्मण्येवाधिकारस्ते मा फलेषु कदाचन। क्\u200Dष',
      'که عشق آسان نمود اول ولی افتاد مشکل\u200Cها',
      '床前明月光，疑是地上霜。',
      '«\u202FDemain, dès l’aube, à l’heure où blanchit la campagne,\u202F»',
      '\tΜῆνιν ἄειδε θεὰ Πηληϊάδεω Ἀχιλῆος',
      'Dante’s 𝔸 “quoted”\u00A0— done…',
    ].join('\n');
    expect(decodePoemFile(bytesOf(verse), 'poem.txt')).toEqual({ text: verse, notices: [] });
  });

  it('drops a leading byte order mark', () => {
    expect(decodePoemFile(bytesOf(BOM, 'Canto I\nverse'), 'poem.txt')).toEqual({ text: 'Canto I\nverse', notices: [] });
  });

  it('keeps tabs and CRLF line endings', () => {
    const text = 'Section 1\r\n\tindented\tverse\r\nlast\r\n';
    expect(decodePoemFile(bytesOf(text), 'poem.txt').text).toBe(text);
  });

  it('reads an empty file as empty text', () => {
    expect(decodePoemFile(new Uint8Array(0), 'poem.txt')).toEqual({ text: '', notices: [] });
  });
});

describe('decodePoemFile: not UTF-8', () => {
  it('points at a Windows-1252 apostrophe and says how to convert', () => {
    const dantes = [0x44, 0x61, 0x6e, 0x74, 0x65, 0x92, 0x73];
    const error = failure(bytesOf('Nel mezzo del cammin\ndi nostra vita\n', dantes, ' line\n'));
    expect(error.message).toBe(`poem.txt:3:6: ${CP1252_HINT}`);
    expect(error.problems).toEqual([{ file: 'poem.txt', line: 3, column: 6, message: CP1252_HINT }]);
  });

  it('points at a Latin-1 é', () => {
    expect(errorsOf(bytesOf('caf', [0xe9], ' au lait'))).toEqual([`poem.txt:1:4: ${CP1252_HINT}`]);
    expect(errorsOf(bytesOf('one\ncaf', [0xe9]))).toEqual([`poem.txt:2:4: ${CP1252_HINT}`]);
  });

  it('counts the column in characters, not bytes or UTF-16 units, and not the BOM', () => {
    expect(errorsOf(bytesOf('« 🌹é ', [0x92]))).toEqual([`poem.txt:1:6: ${CP1252_HINT}`]);
    expect(errorsOf(bytesOf(BOM, 'ab', [0x92]))).toEqual([`poem.txt:1:3: ${CP1252_HINT}`]);
  });

  it('counts CRLF and a lone CR as one line break each', () => {
    expect(errorsOf(bytesOf('one\r\ntwo\rthree\n\r\nfo', [0xe9]))).toEqual([`poem.txt:5:3: ${CP1252_HINT}`]);
  });

  it('points at a multibyte character cut short by the end of the file', () => {
    const ellipsis = [...new TextEncoder().encode('…')];
    expect(errorsOf(bytesOf('verse\nand so', ellipsis.slice(0, 2)))).toEqual([`poem.txt:2:7: ${CP1252_HINT}`]);
  });

  it('does not suggest Windows-1252 for a file with other control bytes or bytes Windows-1252 lacks', () => {
    expect(errorsOf(bytesOf('a\u001Bb', [0xc0, 0xaf]))).toEqual([`poem.txt:1:4: ${CONVERT}`]);
    expect(errorsOf(bytesOf('ab', [0x81], 'c'))).toEqual([`poem.txt:1:3: ${CONVERT}`]);
    expect(errorsOf(bytesOf([0xff, 0xfe], 'A\0B\0'))).toEqual([`poem.txt:1:1: ${CONVERT}`]);
  });

  it('reports only the first bad byte', () => {
    expect(errorsOf(bytesOf('a', [0x92], '\nb', [0x92], '\u0007'))).toEqual([`poem.txt:1:2: ${CONVERT}`]);
  });

  it('refuses random bytes', () => {
    for (const [seed, length] of [
      [1, 256],
      [2, 4096],
      [3, 65_536],
      [4, 1000],
      [5, 300_000],
    ] as const) {
      const errors = errorsOf(randomBytes(seed, length));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^poem\.txt(: not a text file|:\d+:\d+: not UTF-8 \(.*\))$/);
    }
  });
});

describe('findInvalidUtf8', () => {
  it.each([
    ['a stray continuation byte', [0x80]],
    ['an overlong two-byte form', [0xc0, 0xaf]],
    ['an overlong two-byte form with C1', [0xc1, 0xbf]],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf]],
    ['an overlong four-byte form', [0xf0, 0x80, 0x80, 0xaf]],
    ['a high surrogate', [0xed, 0xa0, 0x80]],
    ['a low surrogate', [0xed, 0xbf, 0xbf]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a lead byte past F4', [0xf5, 0x80, 0x80, 0x80]],
    ['FF', [0xff]],
    ['a three-byte sequence cut short', [0xe2, 0x82]],
    ['a four-byte sequence cut short', [0xf0, 0x9f, 0x98]],
  ])('finds %s', (_name, bad) => {
    const bytes = bytesOf('ab', bad, 'cd');
    expect(findInvalidUtf8(bytes)).toEqual({ offset: 2, line: 1, column: 3 });
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
  });

  it.each([
    ['U+0080', [0xc2, 0x80]],
    ['U+0800', [0xe0, 0xa0, 0x80]],
    ['U+D7FF', [0xed, 0x9f, 0xbf]],
    ['U+E000', [0xee, 0x80, 0x80]],
    ['U+10000', [0xf0, 0x90, 0x80, 0x80]],
    ['U+10FFFF', [0xf4, 0x8f, 0xbf, 0xbf]],
  ])('accepts %s', (_name, good) => {
    expect(findInvalidUtf8(bytesOf('ab', good, 'cd'))).toBeNull();
  });

  it('agrees with TextDecoder on where random bytes stop being UTF-8', () => {
    const random = seededRandom(42);
    const fatal = new TextDecoder('utf-8', { fatal: true });
    const lenient = new TextDecoder('utf-8');
    let valid = 0;
    for (let n = 0; n < 20_000; n++) {
      // Mostly high bytes, so that both well-formed and ill-formed sequences come up often.
      const bytes = Uint8Array.from({ length: 1 + Math.floor(random() * 8) }, () => (random() < 0.2 ? 0x61 : 0x80 + Math.floor(random() * 128)));
      const bad = findInvalidUtf8(bytes);
      if (bad === null) {
        expect(() => fatal.decode(bytes)).not.toThrow();
        valid++;
        continue;
      }
      const before = fatal.decode(bytes.subarray(0, bad.offset));
      expect(lenient.decode(bytes).startsWith(`${before}\uFFFD`), `bytes ${[...bytes].map((b) => b.toString(16))}`).toBe(true);
    }
    expect(valid).toBeGreaterThan(500);
  });
});

describe('decodePoemFile: binary files', () => {
  it.each([
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]],
    ['gzip', [0x1f, 0x8b, 0x08, 0x00]],
    ['ZIP (.docx)', [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]],
    ['PDF', [...new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n')]],
  ])('refuses %s by its magic number', (_name, magic) => {
    expect(errorsOf(bytesOf(magic, 'then some text'), 'poem.png')).toEqual(['poem.png: not a text file']);
  });

  it('refuses bytes full of NULs and controls', () => {
    const words = new Uint8Array(Uint32Array.from({ length: 1000 }, (_, i) => i * 7).buffer);
    expect(errorsOf(words)).toEqual(['poem.txt: not a text file']);
    expect(errorsOf(new Uint8Array(100))).toEqual(['poem.txt: not a text file']);
  });

  it('reads a text with a stray NUL as text, and refuses the NUL where it is', () => {
    expect(errorsOf(bytesOf('Book 1: Voices\nthe sea\0 was wine-dark'))).toEqual(['poem.txt:2:8: control character U+0000 is not allowed in a poem file']);
  });
});

describe('decodePoemFile: characters that are not allowed', () => {
  const BIDI = 'is not allowed (it makes text display in a different order than it is stored)';

  /** Verse whose third line has `character` at column 9, after two- and four-byte characters. */
  const verseWith = (character: string) => bytesOf(`Book 1: B\nCanto 1: C\nΜῆνιν 𝔸 ${character}sea`);

  it.each([
    ['NUL', '\u0000', 'control character U+0000 is not allowed in a poem file'],
    ['BEL', '\u0007', 'control character U+0007 is not allowed in a poem file'],
    ['form feed', '\u000C', 'control character U+000C is not allowed in a poem file'],
    ['ESC', '\u001B', 'control character U+001B is not allowed in a poem file'],
    ['DEL', '\u007F', 'control character U+007F is not allowed in a poem file'],
    ['C1 next line', '\u0085', 'control character U+0085 is not allowed in a poem file'],
    ['C1 U+009F', '\u009F', 'control character U+009F is not allowed in a poem file'],
    ['right-to-left override', '\u202E', `bidirectional override U+202E ${BIDI}`],
    ['left-to-right embedding', '\u202A', `bidirectional embedding U+202A ${BIDI}`],
    ['pop directional formatting', '\u202C', `bidirectional embedding U+202C ${BIDI}`],
    ['right-to-left isolate', '\u2067', `bidirectional isolate U+2067 ${BIDI}`],
    ['pop directional isolate', '\u2069', `bidirectional isolate U+2069 ${BIDI}`],
    ['zero width space', '\u200B', 'invisible character U+200B (zero width space) is not allowed'],
    ['word joiner', '\u2060', 'invisible character U+2060 (word joiner) is not allowed'],
    ['a BOM inside the text', '\uFEFF', 'invisible character U+FEFF (zero width no-break space) is not allowed'],
  ])('refuses %s with its line and column, once', (_name, character, message) => {
    const error = failure(verseWith(character));
    expect(error.message).toBe(`poem.txt:3:9: ${message}`);
    expect(error.problems).toEqual([{ file: 'poem.txt', line: 3, column: 9, message }]);
  });

  it('allows ZWNJ, ZWJ, marks and spaces next to the refused ones', () => {
    for (const character of ['\u200C', '\u200D', '\u200E', '\u200F', '\u202F', '\u00A0', '\u00A1', '\u2061', '\t']) {
      expect(decodePoemFile(verseWith(character), 'poem.txt').notices).toEqual([]);
    }
  });

  it('refuses a second BOM after the first', () => {
    expect(errorsOf(bytesOf(BOM, BOM, 'verse'))).toEqual(['poem.txt:1:1: invisible character U+FEFF (zero width no-break space) is not allowed']);
  });

  it('reports every slip in order, one per character, across CRLF and CR line breaks', () => {
    expect(errorsOf(bytesOf('one\u0007\r\ntwo\u202E\u202E\rthree\u200Bfour\u001B'))).toEqual([
      'poem.txt:1:4: control character U+0007 is not allowed in a poem file',
      `poem.txt:2:4: bidirectional override U+202E ${BIDI}`,
      `poem.txt:2:5: bidirectional override U+202E ${BIDI}`,
      'poem.txt:3:6: invisible character U+200B (zero width space) is not allowed',
      'poem.txt:3:11: control character U+001B is not allowed in a poem file',
    ]);
  });

  it(`reports at most ${MAX_PROBLEMS} slips`, () => {
    const errors = errorsOf(bytesOf('a\u0007\n'.repeat(MAX_PROBLEMS + 10)));
    expect(errors).toHaveLength(MAX_PROBLEMS);
    expect(errors.at(-1)).toBe(`poem.txt:${MAX_PROBLEMS}:2: control character U+0007 is not allowed in a poem file`);
  });
});

describe('decodePoemFile: NFC', () => {
  it('composes a decomposed é and says so', () => {
    expect(decodePoemFile(bytesOf('Book 1: B\ncafe\u0301 noir\nplain'), 'poem.txt')).toEqual({
      text: 'Book 1: B\ncaf\u00E9 noir\nplain',
      notices: ['poem.txt: normalised to Unicode NFC (1 line changed)'],
    });
  });

  it('counts the lines it changed', () => {
    const decoded = decodePoemFile(bytesOf('e\u0301\r\nsame\r\nA\u030A and e\u0301'), 'poem.txt');
    expect(decoded.text).toBe('\u00E9\r\nsame\r\n\u00C5 and \u00E9');
    expect(decoded.notices).toEqual(['poem.txt: normalised to Unicode NFC (2 lines changed)']);
  });
});

describe('decodePoemFile: size', () => {
  it('refuses a file over the limit before reading it', () => {
    expect(MAX_POEM_FILE_BYTES).toBe(64 * 1024 * 1024);
    expect(errorsOf(new Uint8Array(MAX_POEM_FILE_BYTES + 1))).toEqual(['poem.txt: the file is 64.1 MB; the limit is 64 MB']);
    expect(errorsOf(new Uint8Array(100 * 1024 * 1024))).toEqual(['poem.txt: the file is 100 MB; the limit is 64 MB']);
  });

  it('reads a file at the limit', () => {
    expect(decodePoemFile(new Uint8Array(MAX_POEM_FILE_BYTES).fill(0x61), 'poem.txt').text).toHaveLength(MAX_POEM_FILE_BYTES);
  });
});

describe('PoemFormatError', () => {
  it('writes file:line, file:line:column, or file alone for the whole file', () => {
    const error = new PoemFormatError([
      { file: 'p.txt', line: 4, message: 'one' },
      { file: 'p.txt', line: 5, column: 2, message: 'two' },
      { file: 'p.txt', line: 0, message: 'three' },
    ]);
    expect(error.message).toBe('p.txt:4: one\np.txt:5:2: two\np.txt: three');
  });
});
