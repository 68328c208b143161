import { sentenceAnchor } from '../../ui/poem-address';

/** Below the sticky header: a sentence hidden under it is not where the reader is. */
const HEADER_PX = 64;
const ANCHOR = /^s(\d+)$/;

/** The running number of the first sentence still on screen (its bottom below the header), or null on a page without sentences. */
export function sentenceAtTop(root: ParentNode = document): number | null {
  let last: number | null = null;
  for (const element of root.querySelectorAll<HTMLElement>('[id^="s"]')) {
    const match = ANCHOR.exec(element.id);
    if (!match || element.id !== sentenceAnchor(Number(match[1]))) continue;
    last = Number(match[1]);
    if (element.getBoundingClientRect().bottom > HEADER_PX) return last;
  }
  return last;
}
