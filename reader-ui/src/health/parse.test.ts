import { describe, expect, it } from 'vitest';
import { HealthShapeError, parseHealth } from './parse';

const sample = {
  status: 'degraded',
  head: '1042',
  eventStore: 'postgres',
  projections: [
    { name: 'poem', version: 2, active: true, status: 'live', checkpoint: '1042', lag: '0', error: null },
    { name: 'search', version: 1, active: false, status: 'failed', checkpoint: '900', lag: '142', error: 'boom' },
  ],
};

describe('parseHealth', () => {
  it('accepts the /api/health shape as it is', () => {
    expect(parseHealth(sample)).toEqual(sample);
  });

  it('tolerates numeric positions and a missing error', () => {
    const parsed = parseHealth({
      ...sample,
      head: 7,
      projections: [{ name: 'poem', version: 1, active: true, status: 'idle', checkpoint: 7, lag: 0 }],
    });
    expect(parsed.head).toBe('7');
    expect(parsed.projections[0]).toEqual({
      name: 'poem',
      version: 1,
      active: true,
      status: 'idle',
      checkpoint: '7',
      lag: '0',
      error: null,
    });
  });

  it('rejects answers that are not the health shape', () => {
    expect(() => parseHealth('<!doctype html>')).toThrow(HealthShapeError);
    expect(() => parseHealth(null)).toThrow(HealthShapeError);
    expect(() => parseHealth({ ...sample, projections: undefined })).toThrow(/projections should be a list/);
    expect(() => parseHealth({ ...sample, head: undefined })).toThrow(/health\.head/);
    expect(() =>
      parseHealth({ ...sample, projections: [{ ...sample.projections[0], version: '2' }] }),
    ).toThrow(/projections\[0\]\.version/);
  });
});
