import { describe, expect, it } from 'vitest';
import { snippetParts, snippetText, unescapeHtml } from './snippet-parts.js';

describe('hit snippets', () => {
  it('reads marked and unmarked runs, undoing the escapes', () => {
    expect(snippetParts('O <mark>Lamp</mark> of &quot;Evening&quot; &amp; <mark>lamp</mark>light')).toEqual([
      { text: 'O ', marked: false },
      { text: 'Lamp', marked: true },
      { text: ' of "Evening" & ', marked: false },
      { text: 'lamp', marked: true },
      { text: 'light', marked: false },
    ]);
  });

  it('keeps any other markup as text, never as elements', () => {
    expect(snippetParts('&lt;script&gt;x&lt;/script&gt;<img src=x onerror=alert(1)>')).toEqual([
      { text: '<script>x</script><img src=x onerror=alert(1)>', marked: false },
    ]);
    expect(unescapeHtml('&#39;&#x27;&#2309;&bogus;&#0;')).toBe("''अ&bogus;&#0;");
  });

  it('reads a snippet as plain text for the download', () => {
    expect(snippetText('a <mark>dawn</mark> &lt;b&gt; &amp; &quot;x&quot;')).toBe('a dawn <b> & "x"');
  });
});
