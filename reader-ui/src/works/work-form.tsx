import { useId, useRef, useState, type FormEvent } from 'react';
import { workTypeLabels } from '@epos/schemas/works/messages';
import { GENERIC_ERROR } from '../ui/messages';
import { SpinnerButton } from '../ui/spinner-button';
import { saveWork, type WorkDraft, type WorkItem, type WorkType } from './api';
import { draftProblem, onScreen } from './draft';
import { uploadAudio } from './upload-audio';
import { StorageUsage, useUploaded } from '../ui/storage-usage';

const TYPES = Object.keys(workTypeLabels) as WorkType[];

/** What each type asks for in its link field. */
const URL_HINT: Readonly<Record<WorkType, string>> = {
  text: '',
  audio: 'An https:// link to the recording, or choose a file below',
  video: 'A YouTube address such as https://www.youtube.com/watch?v=…',
  rts: 'An https:// link to the article, thesis or chapter',
  slps: 'An https:// link to the slides',
};

/** The field under the text: markdown, with `||n||` linking sentence n. */
const TEXT_HINT = 'Markdown: **bold**, *italic*, [a link](https://…); ||12|| links to sentence 12.';

/**
 * Adding a work on sentence `n` (other sentences may be added to the list), or editing `editing`.
 * An audio work takes a link or a chosen file: Add uploads the file (its progress shown), then adds
 * the work linking it, in one press. After an Add the form is empty again, for the next work.
 * `onStart` runs as a save begins (an earlier "Work added" no longer stands).
 */
export function WorkForm({
  n,
  editing,
  onSaved,
  onCancel,
  onStart,
}: {
  n: number;
  editing: WorkItem | null;
  onSaved: (message: string, position: string | null, type: WorkType) => void;
  onCancel: () => void;
  onStart?: () => void;
}) {
  const [type, setType] = useState<WorkType>(editing?.TypeOf ?? 'text');
  const [sentences, setSentences] = useState(editing?.SentenceNumber.replaceAll(',', ', ') ?? String(n));
  const [description, setDescription] = useState(editing?.markdown ?? '');
  const [url, setUrl] = useState(editing?.Urlto ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const withFile = type === 'audio' && file !== null;
  const uploadedNow = useUploaded();

  const clear = () => {
    setSentences(String(n));
    setDescription('');
    setUrl('');
    setFile(null);
    if (fileRef.current !== null) fileRef.current.value = '';
  };

  /** The chosen file's address once uploaded, or null after saying why it was not. */
  const upload = async (chosen: File): Promise<string | null> => {
    setUploaded(0);
    const answer = await uploadAudio(chosen, setUploaded);
    setUploaded(null);
    if (answer.ok) {
      uploadedNow(answer.position);
      return answer.data.url;
    }
    setError(onScreen(answer.problem.message ?? 'The recording could not be uploaded', type));
    return null;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    onStart?.();
    const draft: WorkDraft = { TypeOf: type, SentenceNumber: sentences, Description: description, Urlto: type === 'text' ? '' : url };
    const problem = draftProblem(draft, withFile);
    setError(problem);
    if (problem !== null) return;
    setBusy(true);
    const link = withFile ? await upload(file) : draft.Urlto;
    if (link === null) {
      setBusy(false);
      return;
    }
    if (withFile) {
      // Uploaded: a second Add after a refused save links it without sending it again.
      setUrl(link);
      setFile(null);
      if (fileRef.current !== null) fileRef.current.value = '';
    }
    const answer = await saveWork({ ...draft, Urlto: link }, editing?.id ?? null);
    setBusy(false);
    if (!answer.ok) {
      setError(onScreen(answer.problem.message ?? GENERIC_ERROR, type));
      return;
    }
    if (editing === null) clear();
    onSaved(answer.data.message, answer.position, type);
  };

  return (
    <form className="work-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-legend`}>
      <h3 id={`${id}-legend`}>{editing === null ? 'Add a work' : 'Change the work'}</h3>
      <label htmlFor={`${id}-type`}>Kind of work</label>
      <select id={`${id}-type`} className="input" value={type} disabled={editing !== null || busy} onChange={(e) => setType(e.currentTarget.value as WorkType)}>
        {TYPES.map((t) => (
          <option key={t} value={t}>
            {workTypeLabels[t]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-sentences`}>Sentences (numbers separated by commas)</label>
      <input id={`${id}-sentences`} className="input" type="text" inputMode="numeric" value={sentences} onChange={(e) => setSentences(e.currentTarget.value)} />
      <label htmlFor={`${id}-description`}>{type === 'text' ? 'Annotation (markdown)' : 'Caption (optional)'}</label>
      <textarea
        id={`${id}-description`}
        className="input"
        aria-describedby={`${id}-description-hint`}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      <small id={`${id}-description-hint`}>{TEXT_HINT}</small>
      {type !== 'text' && (
        <>
          <label htmlFor={`${id}-url`}>Link</label>
          <input
            id={`${id}-url`}
            className="input"
            type="url"
            placeholder={URL_HINT[type]}
            aria-describedby={`${id}-url-hint`}
            value={url}
            disabled={withFile}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <small id={`${id}-url-hint`}>{withFile ? `${file.name} will be uploaded and linked` : URL_HINT[type]}</small>
        </>
      )}
      {type === 'audio' && (
        <div className="work-file">
          <label htmlFor={`${id}-file`}>Recording (MP3, OGG, WAV or M4A)</label>
          <input
            id={`${id}-file`}
            ref={fileRef}
            type="file"
            accept="audio/mpeg,audio/ogg,audio/wav,audio/mp4,audio/x-m4a"
            disabled={busy}
            aria-describedby={`${id}-storage`}
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
          <StorageUsage id={`${id}-storage`} />
        </div>
      )}
      {uploaded !== null && (
        <div className="work-upload">
          <label htmlFor={`${id}-progress`}>Uploading the recording: {uploaded}%</label>
          <progress id={`${id}-progress`} max={100} value={uploaded} />
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
