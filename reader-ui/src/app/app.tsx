import { Provider as StateProvider } from 'jotai';
import { Router } from 'wouter';
import { Layout } from './layout';
import { AppRoutes } from './routes';

/** The reader application: state store, router, page shell and routes. */
export function App() {
  return (
    <StateProvider>
      <Router>
        <Layout>
          <AppRoutes />
        </Layout>
      </Router>
    </StateProvider>
  );
}
