import { expect, it } from 'vitest';
import { anyWordOf } from './matching.js';

it("reads any of a query's words, phrases and prefixes included", () => {
  expect(anyWordOf(`'wine' <-> 'dark' <-> 'sea' & 'odyss':*`)).toBe(`'wine' | 'dark' | 'sea' | 'odyss':*`);
  expect(anyWordOf(`'a' <2> 'b' | 'a'`)).toBe(`'a' | 'b'`);
});

it('leaves out the words the query negates, alone or in a bracket', () => {
  expect(anyWordOf(`'rose' & !'thorn'`)).toBe(`'rose'`);
  expect(anyWordOf(`'rose' & !( 'red' <-> 'thorn' ) & 'garden'`)).toBe(`'rose' | 'garden'`);
  expect(anyWordOf(`!!'rose' & ( 'a' | !'b' )`)).toBe(`'rose' | 'a'`);
});

it('keeps quotes and brackets inside a word as the word', () => {
  expect(anyWordOf(`'o''neill' & '(x)' & !'it''s'`)).toBe(`'o''neill' | '(x)'`);
});

it('gives back a query of negated words only as it is (nothing to mark)', () => {
  expect(anyWordOf(`!'thorn'`)).toBe(`!'thorn'`);
});
