import { describe, expect, it } from 'vitest';
import { indentSelection } from './source-keys';

describe('indentSelection', () => {
  it('inserts two spaces at the caret', () => {
    expect(indentSelection('ab', 1, 1, false)).toEqual({ text: 'a  b', start: 3, end: 3 });
    expect(indentSelection('', 0, 0, false)).toEqual({ text: '  ', start: 2, end: 2 });
  });

  it('indents every selected line', () => {
    expect(indentSelection('a\nb\nc', 0, 3, false)).toEqual({ text: '  a\n  b\nc', start: 2, end: 7 });
    // a selection ending right after a newline leaves the next line alone
    expect(indentSelection('a\nb\nc', 0, 2, false)).toEqual({ text: '  a\nb\nc', start: 2, end: 4 });
  });

  it('outdents by up to two spaces or one tab', () => {
    expect(indentSelection('    a\n b\n\tc', 0, 11, true)).toEqual({ text: '  a\nb\nc', start: 0, end: 7 });
    expect(indentSelection('  ab', 3, 3, true)).toEqual({ text: 'ab', start: 1, end: 1 });
    expect(indentSelection('ab', 1, 1, true)).toEqual({ text: 'ab', start: 1, end: 1 });
    expect(indentSelection('x\n  y', 4, 4, true)).toEqual({ text: 'x\ny', start: 2, end: 2 });
  });
});
