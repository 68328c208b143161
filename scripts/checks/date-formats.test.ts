import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const APPS = ['reader-ui/src', 'admin-ui/src'];
/** A date turned into text by the runtime's own formats, not the site's (schemas/src/dates/formats.ts). */
const OWN_FORMAT = /new Date\([^)]*\)\s*\.\s*toLocale(Date|Time)?String\(|\.toLocale(Date|Time)String\(|\bdateStyle\b|\btimeStyle\b|(?<!\w)DateField\b/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('one date format per kind of date, across the reader app and the console', () => {
  it('every date the apps show goes through the site formats, never the browser default', () => {
    const offending = APPS.flatMap((app) => sources(path.join(root, app)))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ file, line, n: i + 1 })),
      )
      .filter(({ line }) => OWN_FORMAT.test(line))
      .map(({ file, n, line }) => `${path.relative(root, file)}:${n}: ${line.trim()}`);
    expect(offending).toEqual([]);
  });
});
