import { Alert, Card, CardContent, CardHeader, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link, useGetList } from 'react-admin';
import type { AdminEventAnswer } from '@epos/schemas/admin/events';
import { GENERIC_ERROR } from '../app/messages';
import { siteDate } from '../app/site-date';

const LAST_CHANGES = 20;

/** Card with the last changes site-wide (the newest events), each linking to its page in the audit log. */
export function RecentChanges() {
  const { data, error, isPending } = useGetList<AdminEventAnswer>('events', {
    pagination: { page: 1, perPage: LAST_CHANGES },
    sort: { field: 'id', order: 'DESC' },
  });
  return (
    <Card component="section" aria-labelledby="changes-title">
      <CardHeader
        title={
          <Typography id="changes-title" variant="h6" component="h2">
            Last changes
          </Typography>
        }
      />
      <CardContent>
        {isPending && <CircularProgress aria-label="Loading the last changes" />}
        {error && <Alert severity="error">{GENERIC_ERROR}</Alert>}
        {data && data.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            Nothing has changed yet.
          </Typography>
        )}
        {data && data.length > 0 && (
          <List dense aria-label="Last changes">
            {data.map((event) => (
              <ListItem key={event.id} disableGutters>
                <ListItemText
                  primary={<Link to={`/events/${encodeURIComponent(event.id)}/show`}>{event.words}</Link>}
                  secondary={`${event.actorName} · ${event.streamId} · ${siteDate(event.occurredAt)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
