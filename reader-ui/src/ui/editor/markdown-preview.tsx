import { useEffect, useState, type MouseEvent } from 'react';
import { isPlainClick } from '../goto-hash';
import { previewMarkdown } from './api';
import { editorTexts } from './messages';

/** How long typing must pause before the preview is asked for again. */
const PREVIEW_PAUSE_MS = 300;

type Shown = { readonly markdown: string; readonly html: string } | { readonly markdown: string; readonly failed: string };

/**
 * The editor's Preview: the post as its page will show it, rendered by the server with the same
 * renderer (sentence links, sanitising) — never from the markdown here. Links open in a new tab,
 * so following one does not leave the editor.
 */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    let live = true;
    // while the author types beside it, ask once the typing pauses
    const timer = setTimeout(() => {
      void previewMarkdown(markdown).then((answer) => {
        if (!live) return;
        if (answer.ok && answer.data !== null) setShown({ markdown, html: answer.data });
        else setShown({ markdown, failed: (!answer.ok && answer.problem.message) || editorTexts.previewFailed });
      });
    }, PREVIEW_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [markdown]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (anchor === null || !isPlainClick(event.nativeEvent)) return;
    event.preventDefault();
    window.open(anchor.getAttribute('href') ?? '', '_blank', 'noopener,noreferrer');
  };

  if (shown === null) return <p className="post-preview-status muted">{editorTexts.previewLoading}</p>;
  if ('failed' in shown)
    return (
      <p className="post-preview-status" role="alert">
        {shown.failed}
      </p>
    );
  return (
    <div
      className="post-content prose post-preview"
      data-testid="post-editor-rendered"
      aria-busy={shown.markdown !== markdown}
      onClick={onClick}
      // Sanitised by the server (POST /postdata/preview), as the post page's HTML is.
      dangerouslySetInnerHTML={{ __html: shown.html }}
    />
  );
}
