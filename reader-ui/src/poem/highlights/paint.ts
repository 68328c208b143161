import type { Edition } from '@epos/schemas/poem/editions';
import type { PlacedHighlight } from '@epos/schemas/study/payloads';
import type { TextRange } from '@epos/schemas/study/text-quote';
import { FRAGMENT_ATTRIBUTE } from './fragments';
import { offsetOf, partsOf, sentenceTextOf } from './text-ranges';

/**
 * Highlights are painted with the CSS Custom Highlight API (`::highlight(epos-{colour}-{style})`,
 * highlights.css): ranges over the verse's text, without a change to the page's markup, so the
 * verse the server rendered, its word links and search marks stay as they are.
 */

const PREFIX = 'epos-';
const highlightName = (highlight: Pick<PlacedHighlight, 'colour' | 'style'>) => `${PREFIX}${highlight.colour}-${highlight.style}`;

/** Whether this browser paints highlights (Chromium 105+, Safari 17.2+, Firefox 140+). */
const canPaint = (): boolean => typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';

/** Each sentence's fragments on the page, in order: its elements and their texts. */
function fragmentsOf(root: ParentNode): Map<number, Element[]> {
  const sentences = new Map<number, Element[]>();
  for (const element of root.querySelectorAll(`[${FRAGMENT_ATTRIBUTE}]`)) {
    const [n, i] = (element.getAttribute(FRAGMENT_ATTRIBUTE) ?? '').split(':').map(Number);
    if (!Number.isInteger(n) || !Number.isInteger(i)) continue;
    const list = sentences.get(n!) ?? [];
    list[i!] = element;
    sentences.set(n!, list);
  }
  return sentences;
}

/** The text node and offset of character `at` of an element's text. */
function pointAt(element: Element, at: number): { node: Node; offset: number } | null {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let passed = 0;
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (at <= passed + length) return { node, offset: at - passed };
    passed += length;
  }
  return null;
}

function rangeOver(element: Element, from: number, to: number): Range | null {
  const start = pointAt(element, from);
  const end = pointAt(element, to);
  if (start === null || end === null) return null;
  const range = document.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(end.node, end.offset);
  return range;
}

/** A sentence's shown translations (SentenceView marks them): highlighted whole, as they have no word alignment. */
function translationsOf(root: ParentNode, n: number): Range[] {
  return [...root.querySelectorAll(`[data-translation-of="${n}"] .verse`)].map((verse) => {
    const range = document.createRange();
    range.selectNodeContents(verse);
    return range;
  });
}

/**
 * Paints the highlights placed in `edition` on the sentences under `root` (those not placed there
 * are left unpainted), and the whole of those sentences' shown translations.
 */
export function paintHighlights(root: ParentNode, highlights: readonly PlacedHighlight[], edition: Edition): void {
  if (!canPaint()) return;
  clearHighlights();
  const sentences = fragmentsOf(root);
  const byName = new Map<string, Range[]>();
  for (const highlight of highlights) {
    const place = highlight.places[edition];
    const n = highlight.sentence;
    const elements = n === null ? undefined : sentences.get(n);
    if (!place || n === null || !elements) continue;
    const texts = elements.map((e) => e.textContent ?? '');
    const ranges = partsOf(texts, place).flatMap((part) => rangeOver(elements[part.fragment]!, part.from, part.to) ?? []);
    const name = highlightName(highlight);
    byName.set(name, [...(byName.get(name) ?? []), ...ranges, ...translationsOf(root, n)]);
  }
  for (const [name, ranges] of byName) CSS.highlights.set(name, new Highlight(...ranges));
}

export function clearHighlights(): void {
  if (!canPaint()) return;
  for (const name of [...CSS.highlights.keys()]) if (String(name).startsWith(PREFIX)) CSS.highlights.delete(name);
}

/** What a reader selected in one sentence's verse: the sentence, its text (fragments joined) and the range in it. */
export interface SelectedWords {
  readonly n: number;
  readonly text: string;
  readonly range: TextRange;
}

/** The sentence and characters a selection covers, when it lies in the verse of one sentence (null otherwise). */
export function selectedWords(root: ParentNode, selection: Selection | null): SelectedWords | null {
  if (selection === null || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  let found: { n: number; elements: Element[]; first: number; last: number } | null = null;
  for (const [n, elements] of fragmentsOf(root)) {
    const touched = elements.flatMap((element, i) => (element && range.intersectsNode(element) ? [i] : []));
    if (touched.length === 0) continue;
    if (found !== null) return null; // more than one sentence
    found = { n, elements, first: touched[0]!, last: touched.at(-1)! };
  }
  if (found === null) return null;
  const texts = found.elements.map((e) => e.textContent ?? '');
  const inside = (i: number, node: Node, offset: number, fallback: number) => {
    const element = found.elements[i]!;
    if (!element.contains(node)) return fallback;
    const before = document.createRange();
    before.setStart(element, 0);
    before.setEnd(node, offset);
    return before.toString().length;
  };
  const start = offsetOf(texts, found.first, inside(found.first, range.startContainer, range.startOffset, 0));
  const end = offsetOf(texts, found.last, inside(found.last, range.endContainer, range.endOffset, texts[found.last]!.length));
  return end > start ? { n: found.n, text: sentenceTextOf(texts), range: { start, end } } : null;
}
