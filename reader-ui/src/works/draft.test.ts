import { describe, expect, it } from 'vitest';
import { workMessages } from '@epos/schemas/works/messages';
import { draftProblem, onScreen } from './draft';

const draft = { TypeOf: 'text' as const, SentenceNumber: '3', Description: 'x', Urlto: '' };

describe('the work form before sending', () => {
  it('names the field the server would refuse, by its label on the screen', () => {
    expect(draftProblem(draft)).toBeNull();
    expect(draftProblem({ ...draft, SentenceNumber: '3, 4' })).toBeNull();
    expect(draftProblem({ ...draft, SentenceNumber: '3;4' })).toMatch(/^Sentences: /);
    expect(draftProblem({ ...draft, Description: ' ' })).toMatch(/^Annotation: /);
    expect(draftProblem({ ...draft, TypeOf: 'video', Urlto: '' })).toMatch(/^Link: /);
    expect(draftProblem({ ...draft, TypeOf: 'video', Urlto: 'https://www.youtube.com/watch?list=x' })).toMatch(/v= parameter/);
    expect(draftProblem({ ...draft, TypeOf: 'video', Urlto: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).toBeNull();
  });

  it('takes a chosen file in place of a link for a recording, and for nothing else', () => {
    expect(draftProblem({ ...draft, TypeOf: 'audio', Urlto: '' })).toMatch(/^Link: .*choose a file/);
    expect(draftProblem({ ...draft, TypeOf: 'audio', Urlto: '' }, true)).toBeNull();
    expect(draftProblem({ ...draft, TypeOf: 'slps', Urlto: '' }, true)).toMatch(/^Link: /);
  });

  it("says the server's messages with the form's labels, never the API's field names", () => {
    expect(onScreen(workMessages.urlRequired, 'audio')).toBe('Link: this kind of work needs a link');
    expect(onScreen(workMessages.unknownSentence(99), 'text')).toBe('Sentences: there is no sentence 99');
    expect(onScreen('Description: a caption has at most 2000 characters', 'video')).toBe('Caption: a caption has at most 2000 characters');
    expect(onScreen(workMessages.annotationRequired, 'text')).toBe('Annotation: an annotation needs text');
    expect(onScreen('The file is larger than 50 MB', 'audio')).toBe('The file is larger than 50 MB');
    expect(onScreen('Other: kept as it is', 'audio')).toBe('Other: kept as it is');
  });
});
