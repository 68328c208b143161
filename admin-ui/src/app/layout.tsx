import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import type { ReactNode } from 'react';
import { AppBar, Layout, Menu, TitlePortal, UserMenu, useGetIdentity } from 'react-admin';

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

/** The screen's title (a record pages names its record) is the page's one top-level heading; react-admin's is an h6. */
function AppAppBar() {
  return (
    <AppBar userMenu={<AppUserMenu />}>
      <TitlePortal component="h1" />
    </AppBar>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AppMenu} appBar={AppAppBar}>
      {children}
    </Layout>
  );
}
