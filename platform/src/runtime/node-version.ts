/** The oldest Node.js the site and its locked dependencies run on (package.json `engines`, the README). */
export const MINIMUM_NODE = '22.13.0';

/** Why this Node.js is too old, or null when it will do. */
export function nodeVersionProblem(version: string = process.versions.node, minimum: string = MINIMUM_NODE): string | null {
  const parts = (v: string) =>
    v
      .replace(/^v/, '')
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const [have, need] = [parts(version), parts(minimum)];
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > (need[i] ?? 0)) return null;
    if ((have[i] ?? 0) < (need[i] ?? 0))
      return `Node.js ${minimum} or newer is needed; this is ${version.replace(/^v/, '')}. Install a newer Node.js (https://nodejs.org) and run npm install again.`;
  }
  return null;
}
