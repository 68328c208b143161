import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import type { ReactNode } from 'react';
import { Layout, Menu } from 'react-admin';

function AppMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item to="/status" primaryText="System status" leftIcon={<MonitorHeartIcon />} />
    </Menu>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return <Layout menu={AppMenu}>{children}</Layout>;
}
