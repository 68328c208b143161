import { Alert, Button as MuiButton, FormHelperText, Stack, Typography, useTheme } from '@mui/material';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { required, useInput, useNotify, useRecordContext } from 'react-admin';
import { uploadImages } from '../../../reader-ui/src/ui/editor/api';
import { imageProblem } from '../../../reader-ui/src/ui/editor/images';
import { forgetKeptCopy, readKeptCopy, useDeviceAutosave, type KeptCopy } from './device-draft';
import './markdown-input.css';
import { siteDate } from '../app/site-date';

// The site's own editor of posts and library pages (preview, side by side, spell check, status bar):
// one editor for every long text. It is large, so it loads when a form shows it.
const MarkdownEditor = lazy(() => import('../../../reader-ui/src/ui/editor/markdown-editor'));

/** The image upload of the site's editor (POST /postdata/media): the image's URL, or null after saying why not. */
function useImageUpload(): (file: File) => Promise<string | null> {
  const notify = useNotify();
  return useCallback(
    async (file: File) => {
      const problem = imageProblem(file);
      if (problem !== null) {
        notify(problem, { type: 'error' });
        return null;
      }
      const answer = await uploadImages([file]);
      const result = answer.ok ? answer.data[0] : undefined;
      if (result === undefined || !result.ok || result.fileUrl === null) {
        notify(result?.message ?? 'An error occured', { type: 'error' });
        return null;
      }
      return result.fileUrl;
    },
    [notify],
  );
}

/** A copy kept on this device that differs from the saved text: offered back, as the site's editors do. */
function KeptCopyOffer({ copy, onRestore, onDiscard }: { copy: KeptCopy; onRestore: () => void; onDiscard: () => void }) {
  return (
    <Alert
      severity="info"
      sx={{ mb: 1 }}
      action={
        <Stack direction="row" spacing={1}>
          <MuiButton color="inherit" size="small" onClick={onRestore}>
            Restore it
          </MuiButton>
          <MuiButton color="inherit" size="small" onClick={onDiscard}>
            Discard
          </MuiButton>
        </Stack>
      }
    >
      This device kept unsaved changes from {siteDate(copy.savedAt)}.
    </Alert>
  );
}

/**
 * A markdown field (books' `md_content`) in the site's markdown editor, autosaved to this device every
 * 10 s under `draftName` until the form is saved.
 */
export function MarkdownInput({ source, label, helperText, draftName }: { source: string; label: string; helperText?: string; draftName: string }) {
  const labelId = useId();
  const helperId = useId();
  const mode = useTheme().palette.mode;
  const record = useRecordContext<Record<string, unknown>>();
  const saved = typeof record?.[source] === 'string' ? record[source] : '';
  const { field, fieldState } = useInput({ source, validate: required(`${source} is required`) });
  const value = typeof field.value === 'string' ? field.value : '';
  const [offer, setOffer] = useState(() => {
    const kept = readKeptCopy(draftName);
    return kept !== null && kept.text !== saved ? kept : null;
  });
  const autosave = useDeviceAutosave(draftName, value, saved);
  const uploadImage = useImageUpload();
  const invalid = fieldState.invalid;
  const message = fieldState.error?.message;

  return (
    <div className="console-markdown-input" data-mode={mode}>
      <Typography id={labelId} component="span" variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
        {label} *
      </Typography>
      {offer ? (
        <KeptCopyOffer
          copy={offer}
          onRestore={() => {
            field.onChange(offer.text);
            setOffer(null);
          }}
          onDiscard={() => {
            forgetKeptCopy(draftName);
            setOffer(null);
          }}
        />
      ) : null}
      <Suspense fallback={<Typography role="status">Loading the editor…</Typography>}>
        <MarkdownEditor
          value={value}
          onChange={field.onChange}
          labelledBy={labelId}
          invalid={invalid}
          describedBy={helperId}
          autosaveLabel={autosave}
          uploadImage={uploadImage}
          placeholder="Write the book…"
        />
      </Suspense>
      <FormHelperText id={helperId} error={invalid}>
        {invalid && message ? message : helperText}
      </FormHelperText>
    </div>
  );
}
