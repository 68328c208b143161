import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { getJson, type Result } from '../../ui/http';
import { Busy, Failure, Modal } from '../../ui/modal';
import { commentaryLink, workSectionUrl, type WorkSection } from './commentary-section';

const fetchCommentary = (layer: string, n: number, signal: AbortSignal) => getJson<WorkSection>(workSectionUrl(layer, n), { signal });

/** The commentary modal ("Works on sentence n"): each commentary layer's work on the sentence (GET /api/worksection/{layer}/{n}). */
export function CommentaryModal({ n, layers, onClose, returnTo }: { n: number; layers: readonly string[]; onClose: () => void; returnTo: HTMLElement | null }) {
  const [sections, setSections] = useState<readonly (Result<WorkSection> | null)[]>(() => layers.map(() => null));

  useEffect(() => {
    const controller = new AbortController();
    layers.forEach((layer, i) => {
      fetchCommentary(layer, n, controller.signal).then(
        (result) => setSections((list) => list.map((old, j) => (j === i ? result : old))),
        () => undefined,
      );
    });
    return () => controller.abort();
  }, [n, layers.join(',')]);

  return (
    <Modal title={`Works on sentence ${n}`} onClose={onClose} returnTo={returnTo}>
      {layers.length === 0 && <p className="muted">No works on this sentence yet.</p>}
      {sections.map((result, i) => (
        <section key={layers[i]} className="work-section" aria-busy={result === null}>
          {result === null ? (
            <Busy />
          ) : !result.ok ? (
            <Failure message={result.message} />
          ) : (
            <>
              <h3 className="work-title">{result.data.UserPage}</h3>
              <p className="work-byline">{result.data.UserField}</p>
              {result.data.ContentSection.map((content, j) => {
                const link = commentaryLink(content.Urlto);
                return (
                  <div key={j} className="work-content">
                    {content.Description.split(/\n{2,}/u)
                      .filter((p) => p.trim() !== '')
                      .map((p, k) => (
                        <p key={k}>{p}</p>
                      ))}
                    {link?.kind === 'internal' && (
                      <p>
                        <Link href={link.href} onClick={onClose}>
                          Sentence {content.SentenceNumber}
                        </Link>
                      </p>
                    )}
                    {link?.kind === 'external' && (
                      <p>
                        <a href={link.href} rel="noopener noreferrer">
                          {link.href}
                        </a>
                      </p>
                    )}
                  </div>
                );
              })}
            </>
          )}
        </section>
      ))}
    </Modal>
  );
}
