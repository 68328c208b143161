import { Alert, Box, Button, FormControlLabel, LinearProgress, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useRefresh } from 'react-admin';
import type { UploadedImageAnswer } from '@epos/schemas/media/responses';
import { uploadFiles, type UploadKind } from './upload-request';

const ACCEPT: Record<UploadKind, string> = {
  image: 'image/png,image/jpeg,image/gif,image/webp',
  audio: 'audio/mpeg,audio/ogg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a,.m4a',
};
const THUMBNAIL_CHECKS_MS = [1500, 4000, 10000];
const HINT: Record<UploadKind, string> = {
  image: 'PNG, JPEG, GIF or WebP, up to 10 MB and 40 megapixels each',
  audio: 'MP3, OGG, WAV or M4A, up to 50 MB each',
};

/**
 * The upload area of the Media screen: choose images or audio, send them with a progress bar (the
 * button disabled meanwhile). The spec's words: 'Select File' with no file; 'An error occured'
 * here when the upload fails; each refused file with the server's reason.
 */
export function UploadPanel() {
  const [kind, setKind] = useState<UploadKind>('image');
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [results, setResults] = useState<UploadedImageAnswer[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const refresh = useRefresh();

  const upload = async () => {
    const files = [...(input.current?.files ?? [])];
    setResults([]);
    if (files.length === 0) return setProblem('Select File');
    setProblem(null);
    setBusy(true);
    setPercent(0);
    try {
      setResults(await uploadFiles(kind, files, setPercent));
      if (input.current) input.current.value = '';
      refresh();
      // Thumbnails are made by a background job in a moment: look again for them.
      if (kind === 'image') for (const ms of THUMBNAIL_CHECKS_MS) window.setTimeout(refresh, ms);
    } catch {
      setProblem('An error occured');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="media-upload-title" sx={{ p: 2, mb: 1 }} data-testid="media-upload">
      <Typography id="media-upload-title" component="h2" variant="subtitle1">
        Upload
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mt: 1 }}>
        <RadioGroup row aria-label="Kind of file" value={kind} onChange={(e) => setKind(e.target.value as UploadKind)}>
          <FormControlLabel value="image" control={<Radio />} label="Images" disabled={busy} />
          <FormControlLabel value="audio" control={<Radio />} label="Audio" disabled={busy} />
        </RadioGroup>
        <label>
          <Typography component="span" variant="body2" sx={{ mr: 1 }}>
            Files ({HINT[kind]})
          </Typography>
          <input ref={input} type="file" multiple accept={ACCEPT[kind]} disabled={busy} data-testid="media-upload-input" onChange={() => setProblem(null)} />
        </label>
        <Button variant="contained" onClick={() => void upload()} disabled={busy} data-testid="media-upload-button">
          {busy ? 'Uploading…' : 'Upload'}
        </Button>
      </Stack>
      {percent !== null && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress variant="determinate" value={percent} aria-label="Upload progress" data-testid="media-upload-progress" />
          <Typography variant="caption">{percent}%</Typography>
        </Box>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="media-upload-problem">
          {problem}
        </Alert>
      )}
      {results.length > 0 && (
        <Box component="ul" sx={{ mt: 1, pl: 2 }} data-testid="media-upload-results">
          {results.map((r, i) => (
            <li key={`${r.fileName}-${i}`}>
              <Typography variant="body2" color={r.status === 1 ? 'success.main' : 'error'}>
                {r.fileName}: {r.status === 1 ? 'uploaded' : (r.message ?? 'An error occured')}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
