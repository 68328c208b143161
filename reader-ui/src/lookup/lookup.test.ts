import { describe, expect, it } from 'vitest';
import { contextPath, DIGITS_ONLY, lookupApiUrl, lookupPath, parseLookupSearch, SENTENCE_NUMBER_REQUIRED, validateLookup } from './lookup';

describe('lookup validation', () => {
  it('requires a number', () => {
    expect(validateLookup('')).toBe('Sentence Number Required');
    expect(validateLookup('   ')).toBe(SENTENCE_NUMBER_REQUIRED);
  });
  it('takes digits only', () => {
    expect(validateLookup('12')).toBeNull();
    expect(validateLookup(' 7 ')).toBeNull();
    expect(validateLookup('12a')).toBe(DIGITS_ONLY);
    expect(validateLookup('-3')).toBe(DIGITS_ONLY);
    expect(validateLookup('1.5')).toBe(DIGITS_ONLY);
    expect(validateLookup('0')).toBe(DIGITS_ONLY);
    expect(validateLookup('12345678')).toBe(DIGITS_ONLY);
  });
});

describe('lookup addresses', () => {
  it('calls the API by sentence or by verse line', () => {
    expect(lookupApiUrl(12, 'sentence')).toBe('/api/linenumber/12');
    expect(lookupApiUrl(12, 'verse')).toBe('/api/linenumber/12?by=verse');
  });
  it('keeps the question in the page address', () => {
    expect(lookupPath(5, 'sentence')).toBe('/lookup?n=5');
    expect(lookupPath(5, 'verse')).toBe('/lookup?n=5&by=verse');
    expect(lookupPath(null, 'verse')).toBe('/lookup');
    expect(parseLookupSearch('?n=5&by=verse')).toEqual({ n: 5, by: 'verse' });
    expect(parseLookupSearch('n=abc')).toEqual({ n: null, by: 'sentence' });
  });
  it('links to the sentence in its section', () => {
    const result = { Line: 'x', inBookNumber: 2, inCantoNumber: 2, inPoemNumber: 2, bookNumber: 1, cantoNumber: 3, sectionNumber: 2, LineDetails: [] };
    expect(contextPath(result)).toBe('/1/3/2#s2');
    expect(contextPath({ ...result, sectionNumber: undefined })).toBeNull();
  });
});
