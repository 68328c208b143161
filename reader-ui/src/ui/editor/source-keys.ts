/** Tab and Shift+Tab in the markdown source pane: indent by two spaces (the editor's tab size). */

const TAB_SIZE = 2;
const INDENT = ' '.repeat(TAB_SIZE);

export interface TextEdit {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

function lineStartOf(text: string, offset: number): number {
  return offset === 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
}

/**
 * Tab with no selection inserts two spaces at the caret; with a selection it indents
 * every line the selection touches. Shift+Tab (`outdent`) removes up to two leading
 * spaces (or one tab) from those lines. Returns the new text and selection.
 */
export function indentSelection(text: string, start: number, end: number, outdent: boolean): TextEdit {
  if (!outdent && start === end) {
    return { text: text.slice(0, start) + INDENT + text.slice(end), start: start + TAB_SIZE, end: start + TAB_SIZE };
  }
  const from = lineStartOf(text, start);
  // A selection that ends just after a newline does not touch the next line.
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const lineEnd = text.indexOf('\n', last);
  const to = lineEnd === -1 ? text.length : lineEnd;
  const lines = text.slice(from, to).split('\n');
  if (!outdent) {
    const changed = lines.map((line) => INDENT + line);
    return { text: text.slice(0, from) + changed.join('\n') + text.slice(to), start: start + TAB_SIZE, end: end + TAB_SIZE * lines.length };
  }
  let newStart = start;
  let newEnd = end;
  let lineFrom = from;
  const changed = lines.map((line, index) => {
    const indent = line.length - line.trimStart().length;
    const removed = line.startsWith('\t') ? 1 : Math.min(TAB_SIZE, indent);
    if (index === 0) newStart -= Math.min(removed, start - lineFrom);
    newEnd -= Math.min(removed, Math.max(0, end - lineFrom));
    lineFrom += line.length + 1;
    return line.slice(removed);
  });
  return { text: text.slice(0, from) + changed.join('\n') + text.slice(to), start: newStart, end: newEnd };
}
