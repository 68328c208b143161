import { useState } from 'react';
import { Link } from 'wouter';
import { workMessages, workTypeLabels } from '@epos/schemas/works/messages';
import { useMe } from '../ui/session';
import type { Result } from '../ui/http';
import { Busy, Failure, Modal } from '../ui/modal';
import { deleteWork, fetchWorks, setHidden, worksApi, type WorkItem, type WorkType } from './api';
import { WorkCard } from './work-card';
import { WorkForm } from './work-form';
import { useWorksList } from './use-works-list';

const TYPES = Object.keys(workTypeLabels) as WorkType[];

/** Readers' works on sentence `n`, a type at a time (GET /api/works/{type}/{n}), with adding, editing and deleting. */
export default function ReaderWorksModal({ n, onClose, returnTo }: { n: number; onClose: () => void; returnTo: HTMLElement | null }) {
  const me = useMe();
  const [type, setType] = useState<WorkType>('text');
  const [editing, setEditing] = useState<WorkItem | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [after, setAfter] = useState<string | null>(null);
  const list = useWorksList(
    `${type}/${n}`,
    (page, signal) => fetchWorks(worksApi.onSentence(type, n, page), signal, after),
    (a) => a.ContentSection,
    (a) => a.total,
  );

  const done = (message: string, position: string | null, savedType: WorkType = type) => {
    // Said inside the dialog, not as a page toast: toasts sit behind an open dialog, and one from
    // an earlier save would still be showing beside the next save's problem.
    setSaid(message);
    setEditing(null);
    setConfirming(null);
    // Show the list the work is in, as the projection has it once it has read the write.
    setAfter(position);
    if (savedType !== type) setType(savedType);
    else if (list.status === 'ready') list.reload();
  };

  const act = async (call: Promise<Result<{ message: string }>>) => {
    const answer = await call;
    if (answer.ok) done(answer.data.message, answer.position);
    else setSaid(answer.message);
  };

  return (
    <Modal title={`Readers' works on sentence ${n}`} onClose={onClose} returnTo={returnTo} wide>
      <div className="work-types" role="group" aria-label="Show works of one kind">
        {TYPES.map((t) => (
          <button key={t} type="button" className="button" aria-pressed={t === type} onClick={() => setType(t)}>
            {workTypeLabels[t]}
          </button>
        ))}
      </div>
      {/* Always in the dialog, so a screen reader announces each new message; emptied as a save starts. */}
      <p role="status" className="work-said" data-testid="works-status">
        {said}
      </p>
      {list.status === 'loading' ? (
        <Busy />
      ) : list.status === 'failed' ? (
        <Failure message={list.message} />
      ) : list.items.length === 0 ? (
        <p className="muted">{workMessages.nothing}</p>
      ) : (
        <>
          {list.items.map((work) => (
            <WorkCard
              key={work.id}
              work={work}
              onNavigate={onClose}
              actions={
                (work.canEdit || work.canHide) && (
                  <div className="work-actions">
                    {confirming === work.id ? (
                      <>
                        <span>Delete this work?</span>
                        <button type="button" className="button" onClick={() => void act(deleteWork(work.id))}>
                          Delete
                        </button>
                        <button type="button" className="button" onClick={() => setConfirming(null)}>
                          Keep
                        </button>
                      </>
                    ) : (
                      <>
                        {work.canEdit && (
                          <button type="button" className="button" onClick={() => setEditing(work)}>
                            Edit
                          </button>
                        )}
                        {work.canEdit && (
                          <button type="button" className="button" onClick={() => setConfirming(work.id)}>
                            Delete
                          </button>
                        )}
                        {work.canHide && (
                          <button type="button" className="button" onClick={() => void act(setHidden(work.id, !work.hidden))}>
                            {work.hidden ? 'Show' : 'Hide'}
                          </button>
                        )}
                      </>
                    )}
                  </div>
                )
              }
            />
          ))}
          {list.more && (
            <button type="button" className="button" disabled={list.loadingMore} onClick={list.loadMore}>
              Load more
            </button>
          )}
        </>
      )}
      {me?.loggedIn === true ? (
        <WorkForm key={editing?.id ?? 'new'} n={n} editing={editing} onSaved={done} onCancel={() => setEditing(null)} onStart={() => setSaid(null)} />
      ) : me !== null ? (
        <p>
          <Link href="/login">Log in</Link> to add a work.
        </p>
      ) : null}
    </Modal>
  );
}
