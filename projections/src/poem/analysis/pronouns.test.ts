import { describe, expect, it } from 'vitest';
import { markPronouns } from './pronouns.js';

describe('markPronouns', () => {
  it('wraps personal, possessive, reflexive and relative pronouns, preserving case', () => {
    expect(markPronouns('When he rose, his eyes…')).toBe('When {he} rose, {his} eyes…');
    expect(markPronouns('They saw HER and themselves, whom all feared.')).toBe('{They} saw {HER} and {themselves}, {whom} all feared.');
  });

  it('includes archaic forms', () => {
    expect(markPronouns('Thou and thy kin; ye gave thee thine own, thyself.')).toBe('{Thou} and {thy} kin; {ye} gave {thee} {thine} own, {thyself}.');
  });

  it('marks demonstratives only before punctuation or a line end', () => {
    expect(markPronouns('this man, that which is')).toBe('this man, that {which} is');
    expect(markPronouns('He said this; all that.')).toBe('{He} said {this}; all {that}.');
    expect(markPronouns('these\nthose')).toBe('{these}\n{those}');
  });

  it("marks the pronoun of a contraction and the clipped 'em", () => {
    expect(markPronouns("He's gone; I'll stay; bring 'em")).toBe("{He}'s gone; {I}'ll stay; bring {'em}");
    expect(markPronouns('it’s its')).toBe('{it}’s {its}');
  });

  it('does not match inside other words', () => {
    expect(markPronouns('the theme, an item, hither and thither, usher')).toBe('the theme, an item, hither and thither, usher');
  });

  it('keeps line breaks and handles empty input', () => {
    expect(markPronouns('I rose\nand she slept')).toBe('{I} rose\nand {she} slept');
    expect(markPronouns('')).toBe('');
  });
});
