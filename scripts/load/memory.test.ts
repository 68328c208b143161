import { describe, expect, it } from 'vitest';
import { heapAfterFullCollections, MIB, residentBytes, soakVerdict } from './memory.js';

describe('the soak verdict', () => {
  const flat = Array.from({ length: 60 }, (_, i) => 500 * MIB + (i % 2) * 8 * MIB);

  it('passes memory that breathes around a level', () => {
    expect(soakVerdict(flat, 4 * MIB)).toMatchObject({ ok: true, growth: 0 });
  });

  it('fails memory whose last third outgrows its first by more than the bound', () => {
    const leaking = flat.map((bytes, i) => bytes + i * 0.5 * MIB);
    const verdict = soakVerdict(leaking, 16 * MIB);
    expect(verdict.growth).toBe(20 * MIB);
    expect(verdict.ok).toBe(false);
  });

  it('fails when there are too few samples or one could not be read', () => {
    expect(soakVerdict([1, 2], MIB).ok).toBe(false);
    expect(soakVerdict([...flat.slice(1), NaN], MIB).ok).toBe(false);
  });
});

it("reads a process's resident memory from /proc", () => {
  expect(residentBytes(process.pid)).toBeGreaterThan(MIB);
  expect(residentBytes(2 ** 30)).toBeNaN();
});

it('reads the live heap after each full collection, per isolate, from --trace-gc output', () => {
  const output = [
    '{"level":30,"msg":"listening"}',
    '[5540:0x101c4490]      247 ms: Mark-Compact 59.1 (77.7) -> 42.6 (77.2) MB, 74.88 / 0.00 ms  (+ 1.4 ms in 7 steps) finalize incremental marking via stack guard; GC in old space requested',
    '[5540:0x101c4490]      250 ms: Scavenge 43.0 (77.2) -> 42.9 (77.2) MB, 0.5 / 0.0 ms  (average mu = 1.000) allocation failure;',
    '[5540:0x2faa0010]      301 ms: Mark-Compact (reduce) 20.5 (30.0) -> 18.25 (29.0) MB, 10.1 / 0.0 ms  (average mu = 0.9) memory reducer',
    '[5540:0x101c4490]     9001 ms: Mark-Compact 80.0 (99.0) -> 44.0 (98.0) MB, 60.0 / 0.00 ms  (average mu = 0.99) allocation failure',
  ].join('\n');
  expect(heapAfterFullCollections(output)).toEqual(
    new Map([
      ['0x101c4490', [42.6 * MIB, 44 * MIB]],
      ['0x2faa0010', [18.25 * MIB]],
    ]),
  );
});
