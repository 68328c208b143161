import { Link } from 'wouter';
import { SENTENCE_LINK_CLASS, sentenceHref, sentenceLinkText, sentenceReferences } from './sentence-links';

/**
 * Plain text (a note, an excerpt, a commentary entry) with its `||n||` references as links to the
 * sentence pages: the React side of the one renderer, the same links the server writes into posts.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {sentenceReferences(text).map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <Link key={i} href={sentenceHref(part.n)} className={SENTENCE_LINK_CLASS}>
            {sentenceLinkText(part.n)}
          </Link>
        ),
      )}
    </>
  );
}
