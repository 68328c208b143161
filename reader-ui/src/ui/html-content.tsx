import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { clientPath } from './client-path';
import { isPlainClick } from './goto-hash';

/**
 * Sanitised HTML from the server (a post's or a comment's). Links to pages of this
 * app — the `||n||` sentence links (`a.sentence-link`), sections, blog pages — open
 * without a page load; other links behave as links do.
 */
export function HtmlContent({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const [, navigate] = useLocation();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainClick(event.nativeEvent) || !(event.target instanceof Element)) return;
    const anchor = event.target.closest('a');
    if (anchor === null || !event.currentTarget.contains(anchor)) return;
    if ((anchor.target !== '' && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const path = clientPath(anchor.getAttribute('href'), window.location.origin);
    if (path === null) return;
    event.preventDefault();
    navigate(path);
  };
  // The server sanitises this HTML (docs/blogs-api.md); it is never built here from user text.
  return <div className={className} data-testid={testId} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
