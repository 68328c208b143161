import { describe, expect, it } from 'vitest';
import { editLabel, EMPTY_LINE, linesForEdit, SAVE_FAILED, saveBody, saveFailure, saveTranslationUrl, translateUrl, validateLines } from './translation-edit';

describe('editing a translation', () => {
  it('gives one input per verse line, and one empty input for no text', () => {
    expect(linesForEdit('Ô Lampe,\r\ndu Soir\n')).toEqual(['Ô Lampe,', 'du Soir']);
    expect(linesForEdit('')).toEqual(['']);
    expect(linesForEdit(null)).toEqual(['']);
  });

  it('refuses an empty line with the spec text', () => {
    expect(validateLines(['a', 'b'])).toBeNull();
    expect(validateLines(['a', '  '])).toBe(EMPTY_LINE);
    expect(validateLines([])).toBe(EMPTY_LINE);
    expect(EMPTY_LINE).toBe('TextBox cant be Empty');
  });

  it('joins the lines by newline for the POST', () => {
    expect(saveBody(12, [' Une ligne, ', 'une\nautre.'])).toEqual({ SentenceNumber: 12, Translated: 'Une ligne,\nune autre.' });
    expect(saveTranslationUrl('fr')).toBe('/postdata/utranslations/fr');
    expect(translateUrl(12, 'fr')).toBe('/api/translate/12?lang=fr');
  });

  it('says the spec text for a refused save, the server text otherwise', () => {
    expect(saveFailure(403, 'Forbidden')).toBe(SAVE_FAILED);
    expect(saveFailure(401, 'x')).toBe('An error Occured');
    expect(saveFailure(400, EMPTY_LINE)).toBe(EMPTY_LINE);
  });

  it('labels the pencil', () => {
    expect(editLabel('French', 12)).toBe('Edit the French translation of sentence 12');
  });
});
