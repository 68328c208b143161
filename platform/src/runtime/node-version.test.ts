import { expect, it } from 'vitest';
import { MINIMUM_NODE, nodeVersionProblem } from './node-version.js';

it('refuses a Node.js older than the minimum, naming both versions, and accepts it and anything newer', () => {
  expect(nodeVersionProblem('20.18.3', '20.19.0')).toBe(
    'Node.js 20.19.0 or newer is needed; this is 20.18.3. Install a newer Node.js (https://nodejs.org) and run npm install again.',
  );
  expect(nodeVersionProblem('v18.20.0', '20.19.0')).toMatch(/this is 18\.20\.0/);
  for (const fine of ['20.19.0', '20.20.2', '22.0.0', '24.1.0']) expect(nodeVersionProblem(fine, '20.19.0')).toBeNull();
  // Node 20 is past its end of life (April 2026): the current LTS lines, 22 and 24, are supported.
  expect(nodeVersionProblem('20.20.2')).toMatch(/^Node\.js 22\.13\.0 or newer is needed/);
  for (const supported of ['22.13.0', '22.23.3', '24.21.0']) expect(nodeVersionProblem(supported)).toBeNull();
  // The running Node passes (CI runs the README's version), and the minimum is the one package.json declares.
  expect(nodeVersionProblem()).toBeNull();
});

it('agrees with package.json engines', async () => {
  const { default: pkg } = await import('../../../package.json', { with: { type: 'json' } });
  expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE.replace(/\.0$/, '')}`);
});
