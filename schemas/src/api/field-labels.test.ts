import { describe, expect, it } from 'vitest';
import { fieldInSentence, fieldLabel, labelledMessage, relabelledMessage } from './field-labels.js';

describe('fields named as the screens name them', () => {
  it('labels machine names and leaves plain English alone', () => {
    expect(fieldLabel('Urlto')).toBe('Link');
    expect(fieldLabel(['md_content'])).toBe('Content');
    expect(fieldLabel('first.lines')).toBe('First edition');
    expect(fieldLabel(['text', 'revised'])).toBe('Revised edition');
    expect(fieldLabel(['translations', 'fr'])).toBe('French translation');
    expect(fieldLabel(['items', 0, 'proposed'])).toBe('Corrected text');
    expect(fieldLabel('word')).toBeNull();
    expect(fieldInSentence('proposed')).toBe('corrected text');
    expect(fieldInSentence('word')).toBe('word');
  });

  it('puts the label where a message named the field, and prefixes messages that need a subject', () => {
    expect(labelledMessage(['Urlto'], 'Urlto: this kind of work needs a link')).toBe('Link: this kind of work needs a link');
    expect(labelledMessage(['proposed'], 'write the corrected text')).toBe('Corrected text: write the corrected text');
    expect(labelledMessage(['title'], 'at most 200 characters')).toBe('title: at most 200 characters');
    expect(labelledMessage(['email'], 'Email address Required')).toBe('Email address Required');
    expect(labelledMessage(['series_title'], 'Too long', 'always')).toBe('Series title: Too long');
    expect(labelledMessage([], 'Fields marked with * are required')).toBe('Fields marked with * are required');
    expect(relabelledMessage('SentenceNumber: there is no sentence 9')).toBe('Sentences: there is no sentence 9');
    expect(relabelledMessage('proposed: is the same as the current text')).toBe('Corrected text: is the same as the current text');
    // A message that only looks like it names a field keeps its words.
    expect(relabelledMessage('Note: the text changed')).toBe('Note: the text changed');
    expect(relabelledMessage('title: too long')).toBe('title: too long');
  });
});
