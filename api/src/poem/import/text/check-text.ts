import type { z } from 'zod';
import { partNameSchema, poemFileSectionSchema, verseLinesSchema } from '@epos/schemas';
import { MAX_PROBLEMS, PoemFormatError, type PoemProblem } from '../errors.js';
import type { ParsedPoemText } from './parse-text.js';

/** Holds a parsed text file to the same limits as the JSON format, naming the line at fault. */
export function checkParsedText(parsed: ParsedPoemText, fileName: string): void {
  const problems: PoemProblem[] = [];
  const check = (schema: z.ZodType, value: unknown, line: number, what: string) => {
    const result = schema.safeParse(value);
    if (!result.success) problems.push({ file: fileName, line, message: `${what}: ${result.error.issues[0]!.message}` });
  };
  for (const book of parsed.books) {
    check(partNameSchema, book.name, book.line, 'book title');
    for (const canto of book.cantos) {
      check(partNameSchema, canto.name, canto.line, 'canto title');
      for (const section of canto.sections) {
        check(poemFileSectionSchema.shape.name, section.name, section.line, 'section title');
        for (const sentence of section.sentences) check(verseLinesSchema, sentence.lines, sentence.line, 'sentence');
      }
    }
  }
  if (problems.length > 0) throw new PoemFormatError(problems.slice(0, MAX_PROBLEMS));
}
