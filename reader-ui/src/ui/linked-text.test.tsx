import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { LinkedText } from './linked-text';

const render = (text: string) =>
  renderToStaticMarkup(
    <Router ssrPath="/">
      <LinkedText text={text} />
    </Router>,
  );

describe('LinkedText', () => {
  it('links ||n|| as the server does in posts: the number, to the sentence page', () => {
    expect(render('Compare ||3|| with ||7||.')).toBe('Compare <a href="/3" class="sentence-link">3</a> with <a href="/7" class="sentence-link">7</a>.');
  });

  it('leaves other text as text, escaped', () => {
    expect(render('a || b <i>||x||</i>')).toBe('a || b &lt;i&gt;||x||&lt;/i&gt;');
  });
});
