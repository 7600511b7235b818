import type { ReactNode } from 'react';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter } from 'react-router-dom';
import { Observable } from 'rxjs';
import { createApolloCache, sessionLink } from '../lib/apollo';
import { AuthProvider } from '../auth/AuthProvider';

export type MockResult = ApolloLink.Result | Error;
export interface Call {
  operationName: string | undefined;
  variables: Record<string, unknown>;
  authorization: string | undefined;
}

/** An Apollo Client with the app's session link and cache whose network is `handler`, recording every call. */
export function mockClient(
  handler: (call: Call) => MockResult | Promise<MockResult>,
  links: ApolloLink[] = [sessionLink],
) {
  const calls: Call[] = [];
  const network = new ApolloLink((operation) => {
    const headers = (operation.getContext().headers ?? {}) as Record<string, string>;
    const call = {
      operationName: operation.operationName,
      variables: operation.variables,
      authorization: headers.authorization,
    };
    calls.push(call);
    return new Observable<ApolloLink.Result>((sub) => {
      void Promise.resolve(handler(call)).then((r) => {
        if (r instanceof Error) sub.error(r);
        else {
          sub.next(r);
          sub.complete();
        }
      });
    });
  });
  const client = new ApolloClient({ link: ApolloLink.from([...links, network]), cache: createApolloCache() });
  return { client, calls };
}

/** A JWT-shaped token with the given payload (signature not checked by the client). */
export function fakeJwt(payload: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}

export const TEST_USER = {
  __typename: 'User' as const,
  id: '7',
  name: 'Amani Mushi Kileo',
  email: 'amani@example.com',
  phone: '+255 754 000 111',
  role: 'user',
  profileImage: null,
  registeredAt: '2025-03-01T10:00:00.000Z',
  createdAt: '2025-03-01T10:00:00.000Z',
  lastLoginAt: null,
  permissions: [],
};

/** Renders UI inside the app's providers with a mocked network and an in-memory router. */
export function Providers({
  client,
  children,
  path = '/',
  state,
  onReload,
}: {
  client: ApolloClient;
  children: ReactNode;
  path?: string;
  state?: unknown;
  onReload?: (path: string) => void;
}) {
  return (
    <ApolloProvider client={client}>
      <AuthProvider onReload={onReload ?? (() => undefined)}>
        <MemoryRouter
          initialEntries={[
            { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
          ]}
        >
          {children}
        </MemoryRouter>
      </AuthProvider>
    </ApolloProvider>
  );
}
