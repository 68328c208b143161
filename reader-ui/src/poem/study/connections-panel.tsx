import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ConnectionsAnswer } from '@epos/schemas/poem/responses';
import { workTypeLabels } from '@epos/schemas/works/messages';
import { getJson } from '../../ui/http';
import { useLoad } from '../../ui/use-load';
import { useMe, can } from '../../ui/session';
import { plural } from '../../ui/plural';
import { Busy, Failure, Modal } from '../../ui/modal';
import { SentenceExtras } from '../../ui/sentence-extras';
import { useSiteInfo } from '../atoms';
import { highlightSentence, sectionHighlightsAtom } from '../highlights/state';
import { fetchNotes, picturesOf, type StudyLine } from './api';
import { layersWithCommentary } from './commentary-section';
import { Paragraphs } from './paragraphs';
import { PictureButtons } from './study-toolbar';
import { studyAtom, studyContextAtom, type ModalProps, type StudyRequest } from './state';

const linkKinds: Record<ConnectionsAnswer['links'][number]['kind'], [string, string]> = {
  post: ['post', 'posts'],
  comment: ['comment', 'comments'],
  page: ['library page', 'library pages'],
  book: ['book', 'books'],
};

const workTypes = Object.keys(workTypeLabels) as (keyof typeof workTypeLabels)[];
const has = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/** How many of each kind of link: "1 post, 2 comments". */
const linkSummary = (counts: ConnectionsAnswer['counts']) =>
  (Object.keys(linkKinds) as (keyof typeof linkKinds)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => plural(counts[kind], ...linkKinds[kind]))
    .join(', ');

/** One kind of connection: its heading with the count, then what there is (or that there is none). */
function Part({ title, count, children }: { title: string; count: number; children?: ReactNode }) {
  return (
    <section className={count === 0 ? 'connections-part connections-none' : 'connections-part'} aria-label={`${title} (${count})`}>
      <h3 className="connections-heading">
        {title} <span className="connections-count">{count}</span>
      </h3>
      {children}
    </section>
  );
}

/**
 * Everything known around one sentence in one place (Sefaria's Connections): commentary layers, the
 * author's and the mother's notes, the reader's own notes and highlights, readers' works, media,
 * suggested corrections and what links to it, each counted. A side panel on wide screens, a sheet
 * from the bottom on phones; each entry opens its own tool.
 */
export function ConnectionsPanel({ line, onClose, returnTo }: ModalProps & { line: StudyLine }) {
  const n = line.lineNumber;
  const me = useMe();
  const site = useSiteInfo();
  const setStudy = useSetAtom(studyAtom);
  const context = useAtomValue(studyContextAtom);
  const signedIn = me?.loggedIn === true;
  const server = useLoad(`connections:${n}`, (signal) => getJson<ConnectionsAnswer>(`/api/poem/connections/${n}`, { signal }));
  const notes = useLoad(signedIn ? `notes:${n}` : null, (signal) => fetchNotes(n, signal));
  const highlights = (useAtomValue(sectionHighlightsAtom)?.list ?? []).filter((h) => highlightSentence(h) === n).length;

  const open = (request: StudyRequest) => () => setStudy({ request, returnTo });
  const layers = layersWithCommentary(
    line.commentary,
    context?.layers.map((l) => l.key),
  );
  const labelOf = (key: string) => context?.layers.find((l) => l.key === key)?.label ?? key;
  const authorNotes = [
    has(line.aurobindoNote) ? { title: site?.labels.aurobindoNote ?? "The author's note", text: line.aurobindoNote } : null,
    has(line.motherNote) ? { title: site?.labels.motherNote ?? 'Note', text: line.motherNote } : null,
  ].filter((note) => note !== null);
  const pictures = picturesOf(line);
  const media = pictures.length + (has(line.audiourl) ? 1 : 0) + (has(line.sentenceD) ? 1 : 0);
  const noteCount = notes?.ok ? notes.data.length : 0;

  return (
    <Modal title={`Connections of sentence ${n}`} onClose={onClose} returnTo={returnTo} placement="side">
      <div className="connections">
        <Part title="Commentary" count={layers.length}>
          {layers.length > 0 && (
            <ul className="connections-list">
              {layers.map((key) => (
                <li key={key}>
                  <button type="button" className="link-button" onClick={open({ kind: 'commentary', n, layers: [key] })}>
                    {labelOf(key)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Part>
        <Part title="Notes" count={authorNotes.length}>
          {authorNotes.map((note) => (
            <div key={note.title} className="connections-note">
              <h4>{note.title}</h4>
              <Paragraphs text={note.text} />
            </div>
          ))}
        </Part>
        {signedIn && (
          <Part title="Your study" count={noteCount + highlights}>
            <p className="connections-actions">
              <button type="button" className="button study-button" onClick={open({ kind: 'notes', line })}>
                {noteCount > 0 ? `My notes (${noteCount})` : 'Add a note'}
              </button>
              <button type="button" className="button study-button" onClick={open({ kind: 'highlight', line })}>
                {highlights > 0 ? `Highlights (${highlights})` : 'Highlight'}
              </button>
            </p>
          </Part>
        )}
        {server === null ? (
          <Busy />
        ) : !server.ok ? (
          <Failure message={server.message} />
        ) : (
          <>
            <Part title="Readers' works" count={workTypes.reduce((sum, type) => sum + server.data.works[type], 0)}>
              <p className="connections-actions">
                {workTypes
                  .filter((type) => server.data.works[type] > 0)
                  .map((type) => `${workTypeLabels[type]} ${server.data.works[type]}`)
                  .join(' · ')}{' '}
                <SentenceExtras n={n} />
              </p>
            </Part>
            <Part title="Media" count={media}>
              {media > 0 && (
                <p className="connections-actions">
                  <PictureButtons line={line} open={open} />
                </p>
              )}
              {has(line.audiourl) && <audio className="study-audio" controls preload="none" src={line.audiourl} aria-label={`Recording of sentence ${n}`} />}
            </Part>
            <Part title="Suggested corrections" count={server.data.suggestions}>
              <p className="connections-actions">
                {server.data.suggestions > 0 && (
                  <span className="muted">{plural(server.data.suggestions, 'suggestion waits', 'suggestions wait')} for an editor. </span>
                )}
                {signedIn && (
                  <button type="button" className="button study-button" onClick={open({ kind: 'correction', n })}>
                    {can(me, 'poem.edit') ? 'Edit text' : 'Suggest a correction'}
                  </button>
                )}
              </p>
            </Part>
            <Part title="Linked from" count={Object.values(server.data.counts).reduce((sum, c) => sum + c, 0)}>
              {server.data.links.length > 0 && <p className="muted">{linkSummary(server.data.counts)}</p>}
              {server.data.links.length > 0 && (
                <ul className="connections-list">
                  {server.data.links.map((link) => (
                    <li key={`${link.kind}:${link.href}`}>
                      <Link href={link.href} onClick={onClose}>
                        {link.title}
                      </Link>{' '}
                      <span className="muted">· {linkKinds[link.kind][0]}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Part>
          </>
        )}
      </div>
    </Modal>
  );
}
