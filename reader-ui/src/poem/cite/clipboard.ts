/** Puts text (and, where the browser takes it, the same as HTML for word processors) on the clipboard; false when the browser refuses. */
export async function copyToClipboard(text: string, html?: string): Promise<boolean> {
  try {
    if (html !== undefined && typeof ClipboardItem === 'function') {
      await navigator.clipboard.write([
        new ClipboardItem({ 'text/plain': new Blob([text], { type: 'text/plain' }), 'text/html': new Blob([html], { type: 'text/html' }) }),
      ]);
    } else {
      await navigator.clipboard.writeText(text);
    }
    return true;
  } catch {
    return false;
  }
}

/** Whether the browser can hand a link to the device's own share sheet (the Web Share API). */
export const canShare = (): boolean => typeof navigator.share === 'function';
