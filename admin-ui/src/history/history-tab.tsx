import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { HistoryEntryAdminAnswer, HistoryRecord } from '@epos/schemas/admin/events';
import { adminFetch, ADMIN_API_URL } from '../app/data-provider';
import { groupByCommand } from './groups';
import { WordDiff } from './word-diff';
import { siteDate } from '../app/site-date';

/** Entries asked for at a time: a record edited a thousand times opens at once and pages back. */
const PAGE = 50;

const isUser = (actor: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(actor);

type FieldChange = HistoryEntryAdminAnswer['changes'][number];

/** Text longer than a line reads as a block of its own (a post's content, verse), scrolled past a few lines. */
const isLong = (text: string | null) => text !== null && (text.includes('\n') || text.length > 120);

function Value({ text }: { text: string | null }) {
  if (text === null || text === '') {
    return (
      <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
        none
      </Box>
    );
  }
  if (!isLong(text)) return <span>{text}</span>;
  return (
    <Box
      component="div"
      tabIndex={0}
      sx={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        maxHeight: '12em',
        overflowY: 'auto',
        mt: 0.5,
        p: 1,
        borderLeft: 3,
        borderColor: 'divider',
        bgcolor: 'action.hover',
      }}
    >
      {text}
    </Box>
  );
}

/** One field an entry changed, by the label its edit screen gives it: a word diff for text, old → new for the rest. */
function Change({ change }: { change: FieldChange }) {
  const { label, beforeText, afterText, diff } = change;
  const long = isLong(beforeText) || isLong(afterText);
  return (
    <Box component="li" sx={{ mb: 1 }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600, mr: 1 }}>
        {label}
      </Typography>
      {diff ? (
        <Box component={long ? 'div' : 'span'} sx={long ? { mt: 0.5 } : undefined}>
          <WordDiff diff={diff} />
        </Box>
      ) : beforeText === null ? (
        <Value text={afterText} />
      ) : long ? (
        <>
          <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
            Before
          </Typography>
          <Value text={beforeText} />
          <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
            After
          </Typography>
          <Value text={afterText} />
        </>
      ) : (
        <>
          <Value text={beforeText} /> → <Value text={afterText} />
        </>
      )}
    </Box>
  );
}

/**
 * A record's History tab: its stream newest first, the events of one command grouped, each with
 * what it changed (a word diff for text), who did it and when. With `restore`, any past version
 * can be restored: new events set it back (history is never rewritten). With `record`, only that
 * record's events in a stream it shares (a translation in its sentence's, a layer in the poem's).
 */
export function HistoryTab({ streamId, record, restore }: { streamId: string; record?: HistoryRecord; restore?: { resource: string; id: string | number } }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  // Forms render every tab at once: the record's version in the key refetches the history after a save.
  const version = useRecordContext<{ version?: string | number }>()?.version ?? null;
  const key = ['history', streamId, record ?? null, version];
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey: key,
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      const answer = await adminFetch(
        `${ADMIN_API_URL}/history?streamId=${encodeURIComponent(streamId)}${record ? `&record=${encodeURIComponent(record)}` : ''}&range=${encodeURIComponent(JSON.stringify([pageParam, pageParam + PAGE - 1]))}`,
      );
      const total = Number(answer.headers.get('Content-Range')?.split('/').pop());
      return { entries: answer.json as HistoryEntryAdminAnswer[], first: pageParam, total };
    },
    getNextPageParam: (last) => (last.first + PAGE < last.total ? last.first + PAGE : undefined),
  });

  const restoreTo = async (position: string) => {
    if (!restore) return;
    setBusy(position);
    try {
      await adminFetch(`${ADMIN_API_URL}/${restore.resource}/${encodeURIComponent(String(restore.id))}/restore`, {
        method: 'POST',
        body: JSON.stringify({ position }),
      });
      notify('Restored: the record is as it was then (a new change in its history).', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: key });
      refresh();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'An error Occured', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  if (isPending) return <Typography>Loading the history…</Typography>;
  if (error) return <Typography role="alert">{error.message}</Typography>;
  const groups = groupByCommand(data.pages.flatMap((page) => page.entries));
  if (groups.length === 0) return <Typography>No changes recorded.</Typography>;
  const total = data.pages.at(-1)!.total;
  const shown = data.pages.reduce((n, page) => n + page.entries.length, 0);
  return (
    <>
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0 }} aria-label="History, newest first">
        {groups.map((group, index) => {
          const first = group[0]!;
          return (
            <li key={first.id}>
              <Card variant="outlined">
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography component="h3" variant="subtitle1">
                      {group.map((e) => e.words).join(' · ')}
                    </Typography>
                    {index === 0 && <Chip size="small" label="current" />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {isUser(first.actor) ? <Link to={`/users/${first.actor}/show`}>{first.actorName}</Link> : first.actorName} ·{' '}
                    <time dateTime={first.occurredAt}>{siteDate(first.occurredAt)}</time> · revision {group.at(-1)!.revision}
                  </Typography>
                  <Box component="ul" sx={{ pl: 2, mt: 1 }}>
                    {group.flatMap((e) => e.changes.map((c) => <Change key={`${e.id}-${c.field}`} change={c} />))}
                  </Box>
                  {restore && index > 0 && (
                    <Button variant="outlined" size="small" disabled={busy !== null} onClick={() => void restoreTo(first.id)}>
                      {busy === first.id ? 'Restoring…' : 'Restore this version'}
                    </Button>
                  )}
                </CardContent>
              </Card>
            </li>
          );
        })}
      </Stack>
      {hasNextPage && (
        <Button variant="outlined" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? 'Loading…' : `Show older changes (${total - shown} more)`}
        </Button>
      )}
    </>
  );
}
