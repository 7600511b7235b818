import { useState, type ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../lib/apollo';
import { AuthProvider } from '../auth/AuthProvider';

export function AppProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createApolloClient);
  return (
    <ApolloProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </ApolloProvider>
  );
}
