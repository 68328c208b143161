import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { HttpError, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminSuggestionAnswer } from '@epos/schemas/admin/suggestions';
import { SUGGESTION_ACCEPTED, SUGGESTION_DECLINED } from '@epos/schemas/suggestions/parts';
import { ADMIN_API_URL, adminFetch } from '../app/data-provider';
import { GENERIC_ERROR } from '../app/messages';

const REASON_REQUIRED = 'Say why the suggestion is declined.';

/** The server's own sentence: a 409 here says why (the text changed, or it was already decided), not "someone edited this record". */
function refusal(error: unknown): string {
  const said = error instanceof HttpError ? (error.body as { message?: unknown } | undefined)?.message : undefined;
  if (typeof said === 'string') return said;
  return error instanceof Error ? error.message : GENERIC_ERROR;
}

/** Accept, or decline with a reason, an open suggestion: the site's own decisions (POST /admin-api/suggestions/:id/accept|decline). */
export function Decision() {
  const suggestion = useRecordContext<AdminSuggestionAnswer>();
  const notify = useNotify();
  const refresh = useRefresh();
  const reasonId = useId();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ of: 'accept' | 'decline'; message: string } | null>(null);
  if (!suggestion || suggestion.status !== 'open') return null;

  const decide = async (action: 'accept' | 'decline', body: object, done: string) => {
    setBusy(action);
    setError(null);
    try {
      await adminFetch(`${ADMIN_API_URL}/suggestions/${encodeURIComponent(suggestion.id)}/${action}`, { method: 'POST', body: JSON.stringify(body) });
      notify(done, { type: 'success' });
      refresh();
    } catch (failure) {
      const message = refusal(failure);
      setError({ of: action, message });
      notify(message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const decline = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError({ of: 'decline', message: REASON_REQUIRED });
      document.getElementById(reasonId)?.focus();
      return;
    }
    void decide('decline', { reason: reason.trim() }, SUGGESTION_DECLINED);
  };

  const declineError = error?.of === 'decline' ? error.message : null;
  return (
    <Stack spacing={2} sx={{ maxWidth: '40rem' }}>
      {error?.of === 'accept' && <Alert severity="error">{error.message}</Alert>}
      <Box>
        <Button variant="contained" disabled={busy !== null} onClick={() => void decide('accept', {}, SUGGESTION_ACCEPTED)}>
          {busy === 'accept' ? 'Accepting…' : 'Accept'}
        </Button>
      </Box>
      <Stack component="form" spacing={1} onSubmit={decline} noValidate aria-label="Decline the suggestion">
        <TextField
          id={reasonId}
          label="Reason to decline"
          multiline
          minRows={2}
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={declineError !== null}
          helperText={declineError ?? 'The suggester is mailed this reason.'}
          slotProps={{ htmlInput: { maxLength: 2000 }, formHelperText: { role: declineError !== null ? 'alert' : undefined } }}
        />
        <Box>
          <Button type="submit" variant="outlined" disabled={busy !== null}>
            {busy === 'decline' ? 'Declining…' : 'Decline'}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
