import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import type { ReactNode } from 'react';
import { AppBar, Layout, Menu, UserMenu, useGetIdentity } from 'react-admin';

function AppMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item to="/status" primaryText="System status" leftIcon={<MonitorHeartIcon />} />
    </Menu>
  );
}

/** The user menu's accessible name is the name it shows (react-admin's default says "Profile"). */
function AppUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ?? 'Profile'} />;
}

function AppAppBar() {
  return <AppBar userMenu={<AppUserMenu />} />;
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AppMenu} appBar={AppAppBar}>
      {children}
    </Layout>
  );
}
