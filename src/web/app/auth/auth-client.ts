import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth's browser client, talking to the server's /api/auth/* on the same origin. Its session
 * store is the single source of the signed-in user; use `useAuth()` in components rather than this.
 */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  sessionOptions: {
    // The auth provider runs its own 30 s check with refresh-before-expiry; no second poller here.
    refetchInterval: 0,
    refetchOnWindowFocus: true,
  },
});

export type AuthClientSession = typeof authClient.$Infer.Session;
