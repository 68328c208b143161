import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useGetList, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminMediaAnswer, MediaUseAnswer } from '@epos/schemas/media/payloads';
import { adminFetch } from '../app/data-provider';
import { LinePreview } from './line-preview';

const IMAGE_KINDS = ['painting', 'sketch', 'diagram', 'artistImage'] as const;
const LABELS: Record<string, string> = { painting: 'Painting', sketch: 'Sketch', diagram: 'Sentence diagram', artistImage: 'Artist image', audio: 'Audio' };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'An error occured');

/** POST /admin-api/media/<hash>/<action>, then the Show page reloads. */
function useMediaAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (hash: string, action: 'attach' | 'detach' | 'replace', body: object, done: string) => {
    setBusy(true);
    try {
      await adminFetch(`/admin-api/media/${hash}/${action}`, { method: 'POST', body: JSON.stringify(body) });
      notify(done, { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** Attach the file to a sentence by its number (the line picker's number), as a kind. */
export function AttachPanel() {
  const media = useRecordContext<AdminMediaAnswer>();
  const [sentence, setSentence] = useState('');
  const [kind, setKind] = useState<string>('painting');
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useMediaAction();
  if (!media) return null;
  const kinds = media.kind === 'audio' ? ['audio'] : [...IMAGE_KINDS];
  const chosen = kinds.includes(kind) ? kind : kinds[0]!;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d+$/.test(sentence.trim())) return setError('Sentence Number Required');
    setError('');
    if (
      await run(
        media.id,
        'attach',
        { sentence: Number(sentence), kind: chosen, ...(title.trim() ? { title: title.trim() } : {}) },
        `Attached to sentence ${sentence}`,
      )
    )
      setSentence('');
  };

  return (
    <Box component="section" aria-labelledby="media-attach-title" sx={{ mt: 2 }}>
      <Typography id="media-attach-title" component="h2" variant="subtitle1">
        Attach to a sentence
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        onSubmit={(e) => void submit(e)}
        noValidate
        sx={{ mt: 1, alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label="Sentence number"
          value={sentence}
          onChange={(e) => setSentence(e.target.value)}
          error={error !== ''}
          helperText={error || ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'media-attach-sentence' } }}
        />
        <TextField
          size="small"
          select
          label="As"
          value={chosen}
          onChange={(e) => setKind(e.target.value)}
          helperText=" "
          slotProps={{ htmlInput: { 'data-testid': 'media-attach-kind' } }}
        >
          {kinds.map((k) => (
            <MenuItem key={k} value={k}>
              {LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label="Title (optional)" value={title} onChange={(e) => setTitle(e.target.value)} helperText=" " />
        <Button type="submit" variant="contained" disabled={busy} data-testid="media-attach-button">
          Attach
        </Button>
      </Stack>
      <LinePreview number={sentence} />
    </Box>
  );
}

function placeOf(use: MediaUseAnswer): string {
  if (use.place === 'book') return `Book ${use.book} images`;
  if (use.place === 'canto') return `Book ${use.book}, canto ${use.canto} images`;
  return `Sentence ${use.sentence ?? `(withdrawn, id ${use.sentenceId})`}: ${LABELS[use.kind ?? ''] ?? use.kind}`;
}

/** Another upload of the same kind to show in this one's place. */
function ReplaceControl({ media, use }: { media: AdminMediaAnswer; use: MediaUseAnswer }) {
  const [other, setOther] = useState('');
  const { busy, run } = useMediaAction();
  const { data = [] } = useGetList<AdminMediaAnswer>('media', {
    filter: { kind: media.kind },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'uploadedAt', order: 'DESC' },
  });
  const choices = data.filter((m) => m.id !== media.id);
  if (use.sentence === null || use.kind === null || choices.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField size="small" select label="Replace with" value={other} onChange={(e) => setOther(e.target.value)} sx={{ minWidth: 200 }}>
        {choices.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.originalName}
          </MenuItem>
        ))}
      </TextField>
      <Button
        size="small"
        disabled={busy || other === ''}
        onClick={() => void run(media.id, 'replace', { sentence: use.sentence, kind: use.kind, with: other }, 'Replaced')}
      >
        Replace
      </Button>
    </Stack>
  );
}

/** Where the file is shown, each sentence use with Detach and Replace. */
export function UsesPanel() {
  const media = useRecordContext<AdminMediaAnswer>();
  const { busy, run } = useMediaAction();
  if (!media) return null;
  return (
    <Box component="section" aria-labelledby="media-uses-title" data-testid="media-uses">
      <Typography id="media-uses-title" component="h2" variant="subtitle1">
        Where it is shown
      </Typography>
      {media.uses.length === 0 ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          Not shown anywhere yet.
        </Alert>
      ) : (
        <Box component="ul" sx={{ pl: 2 }}>
          {media.uses.map((use) => (
            <Box component="li" key={`${use.place}-${use.sentenceId}-${use.book}-${use.canto}-${use.kind}-${use.position}`} sx={{ mb: 1 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Typography variant="body2">{placeOf(use)}</Typography>
                {use.place === 'sentence' && use.sentence !== null && use.kind !== null && (
                  <>
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      onClick={() => void run(media.id, 'detach', { sentence: use.sentence, kind: use.kind }, 'Detached')}
                    >
                      Detach
                    </Button>
                    <ReplaceControl media={media} use={use} />
                  </>
                )}
              </Stack>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
