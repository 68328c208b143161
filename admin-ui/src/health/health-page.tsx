import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { HealthPanel } from './health-panel';

/** /admin/#/status: the health panel on its own page. */
export function HealthPage() {
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="System status" />
      <HealthPanel />
    </Box>
  );
}
