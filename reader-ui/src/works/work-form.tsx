import { useId, useRef, useState, type FormEvent } from 'react';
import { workTypeLabels } from '@epos/schemas/works/messages';
import { SpinnerButton } from '../ui/spinner-button';
import { saveWork, uploadAudio, type WorkDraft, type WorkItem, type WorkType } from './api';
import { draftProblem } from './draft';

const TYPES = Object.keys(workTypeLabels) as WorkType[];

/** What each type asks for in its link field. */
const URL_HINT: Readonly<Record<WorkType, string>> = {
  text: '',
  audio: 'An https:// link to the recording, or upload a file below',
  video: 'A YouTube address such as https://www.youtube.com/watch?v=…',
  rts: 'An https:// link to the article, thesis or chapter',
  slps: 'An https:// link to the slides',
};

/** Adding a work on sentence `n` (other sentences may be added to the list), or editing `editing`. */
export function WorkForm({ n, editing, onSaved, onCancel }: { n: number; editing: WorkItem | null; onSaved: (message: string, position: string | null, type: WorkType) => void; onCancel: () => void }) {
  const [type, setType] = useState<WorkType>(editing?.TypeOf ?? 'text');
  const [sentences, setSentences] = useState(editing?.SentenceNumber.replaceAll(',', ', ') ?? String(n));
  const [description, setDescription] = useState(editing?.markdown ?? '');
  const [url, setUrl] = useState(editing?.Urlto ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);

  const onUpload = async () => {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setError('Select File');
      return;
    }
    setBusy(true);
    const answer = await uploadAudio(file);
    setBusy(false);
    if (!answer.ok) setError(answer.message ?? 'The recording could not be uploaded');
    else {
      setUrl(answer.data.url);
      setError(null);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const draft: WorkDraft = { TypeOf: type, SentenceNumber: sentences, Description: description, Urlto: type === 'text' ? '' : url };
    const problem = draftProblem(draft);
    setError(problem);
    if (problem !== null) return;
    setBusy(true);
    const answer = await saveWork(draft, editing?.id ?? null);
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message ?? 'An error occured');
      return;
    }
    onSaved(answer.data.message, answer.position, type);
  };

  return (
    <form className="work-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-legend`}>
      <h3 id={`${id}-legend`}>{editing === null ? 'Add a work' : 'Change the work'}</h3>
      <label htmlFor={`${id}-type`}>Kind of work</label>
      <select id={`${id}-type`} className="input" value={type} disabled={editing !== null} onChange={(e) => setType(e.currentTarget.value as WorkType)}>
        {TYPES.map((t) => (
          <option key={t} value={t}>
            {workTypeLabels[t]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-sentences`}>Sentences (numbers separated by commas)</label>
      <input id={`${id}-sentences`} className="input" type="text" inputMode="numeric" value={sentences} onChange={(e) => setSentences(e.currentTarget.value)} />
      <label htmlFor={`${id}-description`}>{type === 'text' ? 'Annotation (markdown)' : 'Caption (optional)'}</label>
      <textarea id={`${id}-description`} className="input" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
      {type !== 'text' && (
        <>
          <label htmlFor={`${id}-url`}>Link</label>
          <input id={`${id}-url`} className="input" type="url" placeholder={URL_HINT[type]} aria-describedby={`${id}-url-hint`} value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
          <small id={`${id}-url-hint`}>{URL_HINT[type]}</small>
        </>
      )}
      {type === 'audio' && (
        <div className="work-actions">
          <label htmlFor={`${id}-file`}>Recording (MP3, OGG, WAV or M4A)</label>
          <input id={`${id}-file`} ref={fileRef} type="file" accept="audio/mpeg,audio/ogg,audio/wav,audio/mp4,audio/x-m4a" />
          <button type="button" className="button" disabled={busy} onClick={() => void onUpload()}>
            Upload
          </button>
        </div>
      )}
      {error !== null && (
        <p className="work-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="work-actions">
        <SpinnerButton busy={busy}>{editing === null ? 'Add' : 'Save'}</SpinnerButton>
        {editing !== null && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
