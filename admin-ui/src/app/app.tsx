import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { Dashboard } from '../dashboard/dashboard';
import { HealthPage } from '../health/health-page';
import { resources } from '../resources';
import { AppLayout } from './layout';
import { authProvider } from './auth-provider';
import { dataProvider } from './data-provider';
import { SignInPage } from './sign-in-page';
import { darkTheme, lightTheme } from './theme';
import { CONSOLE_TITLE } from './messages';

/**
 * The operator console. react-admin's default hash router is kept, so the server only
 * serves /admin/ (index.html) and /admin/assets/*; pages live in the fragment (/admin/#/status).
 * With a dark theme given, react-admin follows prefers-color-scheme and offers a toggle.
 */
export function App() {
  return (
    <Admin
      title={CONSOLE_TITLE}
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={SignInPage}
      requireAuth
      dashboard={Dashboard}
      layout={AppLayout}
      theme={lightTheme}
      darkTheme={darkTheme}
      disableTelemetry
    >
      {resources.map(({ name, ...parts }) => (
        <Resource key={name} name={name} {...parts} />
      ))}
      <CustomRoutes>
        <Route path="/status" element={<HealthPage />} />
      </CustomRoutes>
    </Admin>
  );
}
