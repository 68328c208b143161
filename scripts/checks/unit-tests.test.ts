/**
 * `npm run test:unit` holds the test files that need no database, process or browser, by the rule
 * in docs/decisions/unit-tests.md, and the unit run keeps them to it.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { UNIT_REFUSAL, createClassifier, testKinds } from '../testkit/test-kinds.js';

describe('unit and integration tests', () => {
  const { unit, integration } = testKinds();
  const needs = createClassifier();

  it('splits the whole suite in two, most of it unit tests', () => {
    expect(unit.length).toBeGreaterThan(100);
    expect(integration.length).toBeGreaterThan(50);
    expect(unit.filter((file) => integration.includes(file))).toEqual([]);
    expect(unit).toContain('scripts/checks/unit-tests.test.ts');
  });

  it('classes a file by what its imports reach: a database, a site, a process or a browser', () => {
    // Through a package's own testkit, which brings in the database testkit.
    expect(needs('api/src/accounts/accounts.test.ts')).toContain('platform/src/testkit/vitest.ts');
    expect(needs('scripts/chaos/pg.test.ts')).toEqual(expect.arrayContaining(['platform/src/testkit/killable-postgres.ts', 'scripts/testkit/site-process.ts']));
    // Through the module under test, by relative path.
    expect(needs('workers/src/pdf/render-pdf.test.ts').join()).toMatch(/playwright-core/);
    expect(needs('scripts/checks/production-build.test.ts').join()).toMatch(/node:child_process/);
    // A package imported by name may start processes somewhere inside; the unit guard answers for what it runs.
    expect(needs('domain/src/blogs/blog-decider.test.ts')).toEqual([]);
    expect(needs('api/src/http/ready-answers.test.ts')).toEqual([]);
  });

  // This file is a unit test: vitest.config.ts has set ../testkit/unit-guard.ts up before it.
  it('refuses a database connection and a child process in a unit test', async () => {
    const client = new pg.Client({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    await expect(client.connect()).rejects.toThrow(UNIT_REFUSAL);
    const childProcess = process.getBuiltinModule('node:child_process');
    expect(() => childProcess.execFileSync('true')).toThrow(UNIT_REFUSAL);
    expect(() => childProcess.spawn('true')).toThrow(UNIT_REFUSAL);
  });
});
