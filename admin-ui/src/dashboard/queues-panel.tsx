import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useGetList, useNotify } from 'react-admin';
import type { AdminQueueAnswer, FailedJobAnswer } from '@epos/schemas/admin/queues';
import { GENERIC_ERROR } from '../app/messages';
import { ADMIN_API_URL, adminFetch } from '../app/data-provider';

const STATES = ['waiting', 'scheduled', 'running', 'failed', 'completed'] as const;
const QUEUES_POLL_MS = 10_000;

/** Card with each background job queue's counts and its latest failures, each with a Retry button. */
export function QueuesPanel() {
  const { data, error, isPending, refetch } = useGetList<AdminQueueAnswer>(
    'queues',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } },
    { refetchInterval: QUEUES_POLL_MS },
  );
  const failures = (data ?? []).flatMap((queue) => queue.failedJobs.map((job) => ({ queue: queue.id, job })));
  return (
    <Card component="section" aria-labelledby="queues-title">
      <CardHeader
        title={
          <Typography id="queues-title" variant="h6" component="h2">
            Job queues
          </Typography>
        }
      />
      <CardContent>
        {isPending && <CircularProgress aria-label="Loading job queues" />}
        {error && <Alert severity="error">{GENERIC_ERROR}</Alert>}
        {data && (
          <TableContainer>
            <Table size="small" aria-label="Job queues">
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Job
                  </TableCell>
                  {STATES.map((state) => (
                    <TableCell key={state} component="th" scope="col" align="right">
                      {state[0]!.toUpperCase() + state.slice(1)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((queue) => (
                  <TableRow key={queue.id}>
                    <TableCell component="th" scope="row">
                      {queue.id}
                    </TableCell>
                    {STATES.map((state) => (
                      <TableCell key={state} align="right">
                        {queue[state].toLocaleString()}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {data && (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
              Latest failed jobs
            </Typography>
            {failures.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No failed jobs.
              </Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-label="Latest failed jobs">
                  <TableHead>
                    <TableRow>
                      <TableCell component="th" scope="col">
                        Job
                      </TableCell>
                      <TableCell component="th" scope="col">
                        Run
                      </TableCell>
                      <TableCell component="th" scope="col">
                        Error
                      </TableCell>
                      <TableCell component="th" scope="col" align="right">
                        Attempts
                      </TableCell>
                      <TableCell component="th" scope="col">
                        Action
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {failures.map(({ queue, job }) => (
                      <FailedJobRow key={`${queue}/${job.jobId}`} queue={queue} job={job} onRetried={() => void refetch()} />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function FailedJobRow({ queue, job, onRetried }: { queue: string; job: FailedJobAnswer; onRetried: () => void }) {
  const notify = useNotify();
  const retry = useMutation({
    mutationFn: () =>
      adminFetch(`${ADMIN_API_URL}/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(job.jobId)}/retry`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
      }),
    onSuccess: () => {
      notify(`Job ${job.jobId} will run again.`, { type: 'success' });
      onRetried();
    },
    onError: (error) => {
      notify(error instanceof Error ? error.message : GENERIC_ERROR, { type: 'error' });
      onRetried();
    },
  });
  return (
    <TableRow>
      <TableCell>{queue}</TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>{job.jobId}</TableCell>
      <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{job.failedReason}</TableCell>
      <TableCell align="right">{job.attemptsMade}</TableCell>
      <TableCell>
        <Button size="small" variant="outlined" onClick={() => retry.mutate()} disabled={retry.isPending} aria-label={`Retry job ${job.jobId} of ${queue}`}>
          Retry
        </Button>
      </TableCell>
    </TableRow>
  );
}
