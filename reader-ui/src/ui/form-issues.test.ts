import { describe, expect, it } from 'vitest';
import { firstInvalidField, issue, issueIndexesFor, stillFailing, type Issue } from './form-issues';

type F = 'a' | 'b' | 'c';
const required: Issue<F> = { message: 'required', fields: ['a', 'b'] };
const mismatch: Issue<F> = { message: 'mismatch', fields: ['c'] };

describe('form issues', () => {
  it('skips rules that found no field', () => {
    expect(issue<F>('required', [])).toEqual([]);
    expect(issue<F>('required', ['a'])).toEqual([{ message: 'required', fields: ['a'] }]);
  });

  it('while editing, keeps only shown issues that still apply, never new ones', () => {
    expect(stillFailing<F>([], [required])).toEqual([]);
    expect(stillFailing<F>([required], [{ message: 'required', fields: ['b'] }])).toEqual([{ message: 'required', fields: ['b'] }]);
    expect(stillFailing<F>([required], [mismatch])).toEqual([]);
    expect(stillFailing<F>([required, mismatch], [mismatch])).toEqual([mismatch]);
  });

  it('finds the issues of a field and the first invalid field in form order', () => {
    expect(issueIndexesFor([required, mismatch], 'c')).toEqual([1]);
    expect(issueIndexesFor([required, mismatch], 'b')).toEqual([0]);
    expect(firstInvalidField<F>(['c', 'b', 'a'], [required])).toBe('b');
    expect(firstInvalidField<F>(['a', 'b', 'c'], [])).toBeUndefined();
  });
});
