import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { poemFileSchema, type PoemFile } from '@epos/schemas';
import { MAX_PROBLEMS, PoemFormatError } from './errors.js';

/**
 * Reads the poem's JSON format. Every problem is reported as `file:line: what was expected`,
 * with the line of the offending value found in the source.
 */
export function readPoemJson(source: string, fileName: string): PoemFile {
  const text = source.replace(/^\uFEFF/, '');
  const lineOf = lineLocator(text);
  const syntax: ParseError[] = [];
  const tree = parseTree(text, syntax, { disallowComments: true, allowTrailingComma: false });
  if (syntax.length > 0 || !tree) {
    const problems = syntax
      .slice(0, MAX_PROBLEMS)
      .map((e) => ({ file: fileName, line: lineOf(e.offset), message: `expected valid JSON (${describe(printParseErrorCode(e.error))})` }));
    throw new PoemFormatError(problems.length > 0 ? problems : [{ file: fileName, line: 1, message: 'expected a JSON object' }]);
  }
  const parsed = poemFileSchema.safeParse(getNodeValue(tree));
  if (!parsed.success) {
    throw new PoemFormatError(
      parsed.error.issues.slice(0, MAX_PROBLEMS).map((issue) => {
        const node = nearestNode(tree, issue.path as (string | number)[]);
        const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
        return { file: fileName, line: lineOf(node.offset), message: `${where}${issue.message}` };
      }),
    );
  }
  const problems = checkNumbering(parsed.data).map((p) => ({ file: fileName, line: lineOf(nearestNode(tree, p.path).offset), message: p.message }));
  if (problems.length > 0) throw new PoemFormatError(problems.slice(0, MAX_PROBLEMS));
  return parsed.data;
}

/** Books, cantos and sections count from 1 in order; sentences and stanzas run through the poem. */
function checkNumbering(file: PoemFile): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  let nextSentence = 1;
  let lastStanza = 0;
  file.books.forEach((book, b) => {
    if (book.book !== b + 1) problems.push({ path: ['books', b, 'book'], message: `expected book number ${b + 1}` });
    book.cantos.forEach((canto, c) => {
      if (canto.canto !== c + 1) problems.push({ path: ['books', b, 'cantos', c, 'canto'], message: `expected canto number ${c + 1}` });
      canto.sections.forEach((section, s) => {
        const at = ['books', b, 'cantos', c, 'sections', s];
        if (section.section !== s + 1) problems.push({ path: [...at, 'section'], message: `expected section number ${s + 1}` });
        section.sentences.forEach((sentence, i) => {
          if (sentence.sentence !== nextSentence)
            problems.push({ path: [...at, 'sentences', i, 'sentence'], message: `expected sentence number ${nextSentence}` });
          if (sentence.stanza < lastStanza || sentence.stanza > lastStanza + 1) {
            problems.push({ path: [...at, 'sentences', i, 'stanza'], message: `expected stanza ${lastStanza} or ${lastStanza + 1}` });
          }
          const breaks = sentence.stanzaBreaks ?? [];
          if (breaks.some((b, k) => b >= (sentence.text.first ?? []).length || (k > 0 && b <= breaks[k - 1]!))) {
            problems.push({
              path: [...at, 'sentences', i, 'stanzaBreaks'],
              message: `expected rising indices of its verse lines, below ${(sentence.text.first ?? []).length}`,
            });
          }
          if (sentence.joinsPrevious && i === 0)
            problems.push({ path: [...at, 'sentences', i, 'joinsPrevious'], message: 'the first sentence of a section cannot join the previous one' });
          nextSentence = sentence.sentence + 1;
          lastStanza = sentence.stanza + breaks.length;
        });
      });
    });
  });
  return problems;
}

function nearestNode(tree: Node, path: (string | number)[]): Node {
  for (let length = path.length; length >= 0; length--) {
    const node = findNodeAtLocation(tree, path.slice(0, length));
    if (node) return node;
  }
  return tree;
}

function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

function describe(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
