import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { CONSOLE_TITLE } from '../app/messages';
import { HealthPanel } from '../health/health-panel';
import { CountsPanel } from './counts-panel';
import { QueuesPanel } from './queues-panel';
import { RecentChanges } from './recent-changes';

export function Dashboard() {
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title={CONSOLE_TITLE} />
      <Card component="section">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {CONSOLE_TITLE}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Manage users, blogs, books, library pages and the poem&apos;s line data. Every change is recorded as an event; the projections below turn events
            into what readers see.
          </Typography>
        </CardContent>
      </Card>
      <CountsPanel />
      <HealthPanel />
      <QueuesPanel />
      <RecentChanges />
    </Box>
  );
}
