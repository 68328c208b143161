import { describe, expect, it } from 'vitest';
import { draftProblem } from './draft';

const draft = { TypeOf: 'text' as const, SentenceNumber: '3', Description: 'x', Urlto: '' };

describe('the work form before sending', () => {
  it('names the field the server would refuse', () => {
    expect(draftProblem(draft)).toBeNull();
    expect(draftProblem({ ...draft, SentenceNumber: '3, 4' })).toBeNull();
    expect(draftProblem({ ...draft, SentenceNumber: '3;4' })).toMatch(/^SentenceNumber: /);
    expect(draftProblem({ ...draft, Description: ' ' })).toMatch(/^Description: /);
    expect(draftProblem({ ...draft, TypeOf: 'video', Urlto: '' })).toMatch(/^Urlto: /);
    expect(draftProblem({ ...draft, TypeOf: 'video', Urlto: 'https://www.youtube.com/watch?list=x' })).toMatch(/v= parameter/);
    expect(draftProblem({ ...draft, TypeOf: 'video', Urlto: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).toBeNull();
  });
});
