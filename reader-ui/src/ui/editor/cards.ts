import {
  $createNodeSelection,
  $createParagraphNode,
  $getSelection,
  $isDecoratorNode,
  $isElementNode,
  $isLineBreakNode,
  $isNodeSelection,
  $isParagraphNode,
  $isRootOrShadowRoot,
  $isTextNode,
  $setSelection,
  type DecoratorNode,
  type LexicalNode,
  type PointType,
  type RangeSelection,
} from 'lexical';

/**
 * The rich editor's non-text nodes (images, horizontal rules, code blocks: Lexical
 * decorators) handled as Ghost's editor handles its cards. A decorator that stands alone
 * on its line (a rule, a code block, an image in a paragraph of its own) is a card: it is
 * selected whole, typing or Enter goes to a new paragraph after it, Backspace and Delete
 * remove it, the arrow keys step over it line by line. An image inside a line of text is
 * one character of that line: the caret goes just after it (or before it, going back).
 *
 * Lexical gives a node selection no DOM caret and leaves typing under it to the browser,
 * which invents a caret at the start of the editor (each letter lands before the last, the
 * first one lost when Lexical reconciles) or outside it (the letters vanish); these $ functions
 * make every key do something defined instead (see cards-plugin.ts). They run inside an editor update.
 */

export type Direction = 'backward' | 'forward';

type Decorator = DecoratorNode<unknown>;

/** Whether a child of a line is only spacing beside a card (a line break, blank text). */
function isSpacing(node: LexicalNode): boolean {
  return $isLineBreakNode(node) || ($isTextNode(node) && node.getTextContent().trim() === '');
}

/** The line a decorator stands alone on: itself for a block (rule, code block), its paragraph for an image alone in one; else null. */
export function $cardLineOf(node: Decorator): LexicalNode | null {
  if (!node.isInline()) return node;
  const line = node.getParent();
  if (!$isParagraphNode(line) || !$isRootOrShadowRoot(line.getParent())) return null;
  return line.getChildren().every((child) => child.is(node) || isSpacing(child)) ? line : null;
}

/** The card a top-level line is, or null. */
function $cardOfLine(line: LexicalNode): Decorator | null {
  if ($isDecoratorNode(line)) return line.isInline() ? null : line;
  if (!$isParagraphNode(line)) return null;
  const decorators = line.getChildren().filter($isDecoratorNode);
  const only = decorators.length === 1 ? decorators[0] : undefined;
  return only !== undefined && $cardLineOf(only) !== null ? only : null;
}

/** The top-level node a node sits in (itself at the top). */
function $topLevelOf(node: LexicalNode): LexicalNode {
  let top = node;
  for (let parent = top.getParent(); parent !== null && !$isRootOrShadowRoot(parent); parent = top.getParent()) top = parent;
  return top;
}

/** The decorators of the current node selection, in document order; none under any other selection. */
export function $selectedDecorators(): Decorator[] {
  const selection = $getSelection();
  if (!$isNodeSelection(selection)) return [];
  return selection
    .getNodes()
    .filter($isDecoratorNode)
    .sort((a, b) => (a.isBefore(b) ? -1 : 1));
}

/** Selects a decorator as a whole. */
function $selectCard(node: Decorator): void {
  const selection = $createNodeSelection();
  selection.add(node.getKey());
  $setSelection(selection);
}

/** A new empty paragraph beside `line`, with the caret in it. */
function $newParagraphBeside(line: LexicalNode, direction: Direction): RangeSelection {
  const paragraph = $createParagraphNode();
  if (direction === 'backward') line.insertBefore(paragraph);
  else line.insertAfter(paragraph);
  return paragraph.select();
}

/**
 * Where typing after a selected decorator goes: a new paragraph after a card (what Ghost
 * does), else just after the decorator on its line. Returns that caret.
 */
export function $caretAfter(node: Decorator): RangeSelection {
  const line = $cardLineOf(node);
  return line === null ? node.selectNext() : $newParagraphBeside(line, 'forward');
}

/** Arrives on a top-level line from one side: selects it when it is a card, else puts the caret at its near end. */
function $enterLine(line: LexicalNode, direction: Direction): void {
  const card = $cardOfLine(line);
  if (card !== null) $selectCard(card);
  else if (direction === 'backward') line.selectEnd();
  else line.selectStart();
}

/**
 * An arrow key on a selected decorator: a card gives way to the line before or after it
 * (a new paragraph when it is first or last, so there is always a way out); an inline
 * decorator to the caret just before or after it.
 */
export function $leaveCard(node: Decorator, direction: Direction): void {
  const line = $cardLineOf(node);
  if (line === null) {
    if (direction === 'backward') node.selectPrevious();
    else node.selectNext();
    return;
  }
  const neighbour = direction === 'backward' ? line.getPreviousSibling() : line.getNextSibling();
  if (neighbour === null) $newParagraphBeside(line, direction);
  else $enterLine(neighbour, direction);
}

/**
 * Backspace or Delete on selected decorators: they go (a card with its line); the caret
 * goes where they were, or to the end of the line before (Backspace) or the start of the
 * line after (Delete), selecting it if it is a card; an empty paragraph when nothing is left.
 */
export function $removeDecorators(nodes: readonly Decorator[], direction: Direction): void {
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  if (first === undefined || last === undefined) return;
  const firstLine = $cardLineOf(first);
  const lastLine = $cardLineOf(last);
  if (firstLine === null || lastLine === null) {
    first.selectPrevious();
    for (const node of nodes) node.remove();
    return;
  }
  const before = firstLine.getPreviousSibling();
  const after = lastLine.getNextSibling();
  const [near, far] = direction === 'backward' ? [before, after] : [after, before];
  const lines = nodes.map((node) => $cardLineOf(node) ?? node);
  if (near !== null) $enterLine(near, direction);
  else if (far !== null) $enterLine(far, direction === 'backward' ? 'forward' : 'backward');
  else $newParagraphBeside(lastLine, 'forward');
  for (const line of lines) if (line.isAttached()) line.remove();
}

/** Whether a point is at the very start (or end) of the top-level line it is in. */
function $atEdgeOfLine(point: PointType, line: LexicalNode, edge: 'start' | 'end'): boolean {
  let node = point.getNode();
  const size = $isTextNode(node) ? node.getTextContentSize() : $isElementNode(node) ? node.getChildrenSize() : 0;
  if (point.offset !== (edge === 'start' ? 0 : size)) return false;
  while (!node.is(line)) {
    if ((edge === 'start' ? node.getPreviousSibling() : node.getNextSibling()) !== null) return false;
    const parent = node.getParent();
    if (parent === null) return false;
    node = parent;
  }
  return true;
}

/**
 * Backspace at the start of a paragraph (Delete at its end) next to a card selects the card
 * rather than pulling the paragraph's text onto the card's line; an empty paragraph there
 * goes. A second press then removes the card. True when it did so.
 */
export function $selectCardBeside(selection: RangeSelection, direction: Direction): boolean {
  if (!selection.isCollapsed()) return false;
  const line = $topLevelOf(selection.anchor.getNode());
  if (!$isParagraphNode(line) || $cardOfLine(line) !== null) return false;
  if (!$atEdgeOfLine(selection.anchor, line, direction === 'backward' ? 'start' : 'end')) return false;
  const neighbour = direction === 'backward' ? line.getPreviousSibling() : line.getNextSibling();
  const card = neighbour === null ? null : $cardOfLine(neighbour);
  if (card === null) return false;
  if (line.getTextContent().trim() === '' && line.getChildren().every(isSpacing)) line.remove();
  $selectCard(card);
  return true;
}

/** A caret that lands on a card's line (an arrow key, a click beside an image) selects the card. */
export function $selectCardUnderCaret(selection: RangeSelection): boolean {
  if (!selection.isCollapsed()) return false;
  const card = $cardOfLine($topLevelOf(selection.anchor.getNode()));
  if (card === null) return false;
  $selectCard(card);
  return true;
}
