/** Session and network texts shown to the user, one place for each. */
export const AUTH_MESSAGES = {
  authRequired: 'Authentication required. Please login.',
  invalidToken: 'Invalid token. Please login again.',
  sessionExpired: 'Session expired. Please login again.',
  authFailed: 'Authentication failed. Please login again.',
  noRefreshToken: 'No refresh token available',
  refreshFailed: 'Token refresh failed',
  noAccessTokenInRefresh: 'No access token in refresh response',
  accessTokenMissing: 'Access token not found in response.',
  network: 'Network error. Please check your connection and try again.',
  invalidResponse: 'Server returned invalid response format.',
} as const;

/** The session cannot continue (refresh impossible or refused); the tokens are already cleared. */
export class SessionError extends Error {
  readonly code = 'UNAUTHENTICATED';
  constructor(message: string) {
    super(message);
    this.name = 'SessionError';
  }
}

/** The server could not be reached. */
export class NetworkError extends Error {
  constructor() {
    super(AUTH_MESSAGES.network);
    this.name = 'NetworkError';
  }
}
