import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { NormalizedCacheObject } from '@apollo/client';
import { SSR_STATE_ID } from '@tembea/schema';
import { AppProvider } from './provider';
import { routes } from './router';
import { createApolloClient } from '../lib/apollo';

// A server-rendered page carries the data it was rendered from; the SPA shell carries none.
const stateBlock = document.getElementById(SSR_STATE_ID);
const client = createApolloClient(
  stateBlock ? (JSON.parse(stateBlock.textContent ?? '{}') as NormalizedCacheObject) : undefined,
);
const app = (
  <StrictMode>
    <AppProvider client={client}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProvider>
  </StrictMode>
);
const container = document.getElementById('root')!;
if (stateBlock) {
  // As a transition, hydration yields to the browser between components instead of holding the main
  // thread for the whole page: the server HTML stays on screen and responsive meanwhile.
  startTransition(() => {
    hydrateRoot(container, app, {
      // A production build reports a mismatch only by an error number: say what happened.
      onRecoverableError: (error) =>
        console.error('Hydration error: the page was rendered again in the browser.', error),
    });
  });
} else createRoot(container).render(app);
