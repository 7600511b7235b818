import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { TOKEN_KEY } from '@tembea/schema';

/** Base URL of the REST API (same origin in production). */
export const API_BASE = `${window.location.origin}/api`;

/** Adds the bearer token of the stored session to every operation. */
const authLink = new ApolloLink((operation, forward) => {
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) {
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
      headers: { ...headers, authorization: `Bearer ${token}` },
    }));
  }
  return forward(operation);
});

/** The one Apollo Client of the app. */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([authLink, new HttpLink({ uri: '/graphql' })]),
    cache: new InMemoryCache({
      typePolicies: {
        Tour: { keyFields: ['id'] },
      },
    }),
  });
}
