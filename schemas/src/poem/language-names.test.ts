import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageNames } from './editions.js';

const demo = path.resolve(import.meta.dirname, '../../../content/demo');
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

describe('the names of the languages a reader sees', () => {
  it('calls the language of Odisha "Odia" (its name since 2011), never "Oriya"', () => {
    expect(languageNames.or).toBe('Odia');
    expect(Object.values(languageNames)).not.toContain('Oriya');
  });

  it('the demo content says "Odia" too (the API field OriyaRevised is the spec\'s name and stays)', () => {
    const saying = filesUnder(demo)
      .filter((file) => /\.(json|md|txt)$/.test(file))
      .filter((file) => /\bOriya\b/.test(fs.readFileSync(file, 'utf8')));
    expect(saying.map((file) => path.relative(demo, file))).toEqual([]);
  });
});
