import { Alert, Card, CardContent, CardHeader, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-admin';
import type { AdminDashboardAnswer } from '@epos/schemas/admin/dashboard';
import { GENERIC_ERROR } from '../app/messages';
import { ADMIN_API_URL, adminFetch } from '../app/data-provider';

const COUNTS: { key: keyof AdminDashboardAnswer; label: string; to?: string }[] = [
  { key: 'users', label: 'Users' },
  { key: 'posts', label: 'Posts' },
  { key: 'sentences', label: 'Sentences' },
  // No moderation state yet: the server counts the comments of the last 7 days.
  { key: 'commentsAwaitingModeration', label: 'Comments to look over (last 7 days)' },
  {
    key: 'suggestionsAwaitingReview',
    label: 'Suggestions awaiting review',
    to: `/suggestions?filter=${encodeURIComponent(JSON.stringify({ status: 'open' }))}`,
  },
];

/** Card with the site's counts (GET /admin-api/dashboard). */
export function CountsPanel() {
  const { data, error, isPending } = useQuery({
    queryKey: ['epos', 'dashboard-counts'],
    queryFn: async () => (await adminFetch(`${ADMIN_API_URL}/dashboard`)).json as AdminDashboardAnswer,
  });
  return (
    <Card component="section" aria-labelledby="counts-title">
      <CardHeader
        title={
          <Typography id="counts-title" variant="h6" component="h2">
            Counts
          </Typography>
        }
      />
      <CardContent>
        {isPending && <CircularProgress aria-label="Loading counts" />}
        {error && <Alert severity="error">{GENERIC_ERROR}</Alert>}
        {data && (
          <dl style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))', gap: '1rem', margin: 0 }}>
            {COUNTS.map(({ key, label, to }) => (
              <div key={key}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {to ? <Link to={to}>{label}</Link> : label}
                </Typography>
                <Typography component="dd" variant="h5" sx={{ m: 0 }} data-count={key}>
                  {data[key].toLocaleString()}
                </Typography>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
