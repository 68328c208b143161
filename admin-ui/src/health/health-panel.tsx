import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link } from 'react-admin';
import type { Health, ProjectionHealth } from '@epos/schemas/api/health';
import { GENERIC_ERROR } from '../app/messages';
import { formatCount, formatLag, isLagging, statusColor, statusLabel } from './format';
import { useHealth } from './use-health';
import { siteDate } from '../app/site-date';

/** Card with the /api/health report: overall status, head position and each projection with its lag. */
export function HealthPanel() {
  const { data, error, isPending, isFetching, refetch, dataUpdatedAt } = useHealth();

  return (
    <Card component="section" aria-labelledby="health-title">
      <CardHeader
        title={
          <Typography id="health-title" variant="h6" component="h2">
            System status
          </Typography>
        }
        subheader={data ? `Checked ${siteDate(dataUpdatedAt, 'clock')}` : undefined}
        action={
          <Tooltip title="Refresh">
            <span>
              <IconButton aria-label="Refresh system status" onClick={() => void refetch()} disabled={isFetching}>
                {isFetching ? <CircularProgress size={20} /> : <RefreshIcon />}
              </IconButton>
            </span>
          </Tooltip>
        }
      />
      <CardContent>
        {isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading system status" />
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: data ? 2 : 0 }}>
            {GENERIC_ERROR}
          </Alert>
        )}
        {data && <HealthDetails health={data} />}
      </CardContent>
    </Card>
  );
}

function HealthDetails({ health }: { health: Health }) {
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip label={statusLabel(health.status)} color={statusColor(health.status)} />
        <Typography variant="body2">
          Head position <strong>{formatCount(health.head)}</strong>
        </Typography>
        <Typography variant="body2">
          Event store <strong>{health.eventStore}</strong>
        </Typography>
      </Stack>

      {health.projections
        .filter((p) => p.failedAt && !p.superseded)
        .map((p) => (
          <StoppedProjection key={`${p.name}@${p.version}`} projection={p} />
        ))}

      {health.projections.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No projections are registered yet.
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Projections">
            <TableHead>
              <TableRow>
                <TableCell>Projection</TableCell>
                <TableCell align="right">Version</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Checkpoint</TableCell>
                <TableCell align="right">Lag</TableCell>
                <TableCell>Run by</TableCell>
                <TableCell>Error</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {health.projections.map((p) => (
                <TableRow key={`${p.name}@${p.version}`}>
                  <TableCell component="th" scope="row">
                    {p.name}
                    {!p.active && <Chip label="standby" size="small" variant="outlined" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell align="right">{p.version}</TableCell>
                  <TableCell>
                    <Chip label={statusLabel(p.status)} color={statusColor(p.status)} size="small" />
                  </TableCell>
                  <TableCell align="right">{formatCount(p.checkpoint)}</TableCell>
                  <TableCell align="right" sx={{ color: isLagging(p.lag) ? 'warning.main' : undefined, whiteSpace: 'nowrap' }}>
                    {formatLag(p.lag)}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all', color: p.holder ? undefined : 'text.secondary' }}>{p.holder ?? 'no process'}</TableCell>
                  <TableCell sx={{ color: 'error.main', wordBreak: 'break-word' }}>{p.error ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/** A read model stopped on an event: which one, where in the log, why, and what to do about it. */
function StoppedProjection({ projection: p }: { projection: ProjectionHealth }) {
  const at = p.failedAt!;
  return (
    <Alert severity="error" role="alert">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        The {p.name} read model (version {p.version}) stopped at an event it could not apply: readers see it as it was before that event.
      </Typography>
      <Typography variant="body2" component="div">
        Event <Link to={`/events/${encodeURIComponent(at.position)}/show`}>at position {formatCount(at.position)}</Link>, type <code>{at.eventType}</code>,
        stream <code>{at.streamId}</code>
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        Error: {p.error}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Once a fix is deployed, restarting the projections resumes from that event; <code>npm run rebuild -- {p.name}</code> rebuilds it from the start beside
        the one serving.
      </Typography>
    </Alert>
  );
}
