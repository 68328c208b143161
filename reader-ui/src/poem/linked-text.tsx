import { Link } from 'wouter';
import { sentenceReferences } from './sentence-links';

/** Text with its `||n||` references turned into links to the sentence pages. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {sentenceReferences(text).map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <Link key={i} href={`/${part.n}`} className="sentence-reference">
            {part.n}
          </Link>
        ),
      )}
    </>
  );
}
