import type { ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { AuthProvider } from '../auth/AuthProvider';
import { BROWSER_META_SINK, PageMetaContext, type PageMetaSink } from '../components/page-meta';

/**
 * The app's Apollo Client (the browser's, or a server render's), where page meta goes (a server
 * render collects it) and the session around the routes. The browser and the server render the
 * same tree, so hydration matches.
 */
export function AppProvider({
  client,
  meta = BROWSER_META_SINK,
  children,
}: {
  client: ApolloClient;
  meta?: PageMetaSink;
  children: ReactNode;
}) {
  return (
    <ApolloProvider client={client}>
      <PageMetaContext.Provider value={meta}>
        <AuthProvider>{children}</AuthProvider>
      </PageMetaContext.Provider>
    </ApolloProvider>
  );
}
