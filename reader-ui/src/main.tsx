import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/base.css';
import './app/fonts.css';
import { App } from './app/app';
import { serverRendered } from './ui/server-answers';
import { registerServiceWorker } from './offline/register';

// The feeds the server announced for readers without JavaScript: the app announces them itself, page by page (blogs/feed-links.tsx).
for (const link of document.head.querySelectorAll('link[data-feed]')) link.remove();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A page the server rendered (issue 37) is taken over where it stands; any other is rendered here.
// A mismatch is a bug (React renders the page afresh): said on the console, where the browser tests look.
if (serverRendered && container.firstElementChild !== null)
  hydrateRoot(container, app, { onRecoverableError: (error) => console.error('The server-rendered page could not be hydrated:', error) });
else createRoot(container).render(app);
// From here React listens: what a reader does on a part not yet hydrated is replayed once it is. Browser tests wait for this mark.
document.documentElement.dataset.app = 'on';

// Offline reading (issue 39).
registerServiceWorker();
