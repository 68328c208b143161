import { Provider as StateProvider } from 'jotai';
import { Router } from 'wouter';
import { SentenceExtrasProvider } from '../ui/sentence-extras';
import { ReaderWorksButton } from '../works/works-button';
import { Layout } from './layout';
import { AppRoutes } from './routes';

/** The reader application: state store, router, page shell and routes; the readers' works join each sentence's study tools. */
export function App() {
  return (
    <StateProvider>
      <Router>
        <SentenceExtrasProvider value={ReaderWorksButton}>
          <Layout>
            <AppRoutes />
          </Layout>
        </SentenceExtrasProvider>
      </Router>
    </StateProvider>
  );
}
