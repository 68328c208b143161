import { describe, expect, it } from 'vitest';
import { toMediaResults } from './api';

describe('editor calls', () => {
  it('reads upload results: status 1 with a url is a success', () => {
    expect(
      toMediaResults([
        { status: 1, fileName: 'a.png', fileUrl: '/m/a.png' },
        { status: 0, fileName: 'b.png', fileUrl: '', message: 'The file is larger than 5 MB' },
      ]),
    ).toEqual([
      { ok: true, fileName: 'a.png', fileUrl: '/m/a.png', message: undefined },
      { ok: false, fileName: 'b.png', fileUrl: null, message: 'The file is larger than 5 MB' },
    ]);
  });
});
