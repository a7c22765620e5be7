import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, onApiUnauthorized } from '@/web/lib/api';
import { authClient } from './auth-client';
import { SESSION_CHECK_INTERVAL_MS, needsRefresh, retryWithBackoff } from './session-refresh';

export type Role = 'user' | 'admin';

export interface AuthUser {
  id: string;
  email: string;
  name: string | null;
  image: string | null;
}

export interface AuthSession {
  id: string;
  expiresAt: Date;
}

/** GET /api/me */
export interface MeResponse {
  user: AuthUser;
  role: Role;
  isAdmin: boolean;
}

export interface SignInResult {
  /** The server's message when sign-in failed, null on success. */
  error: string | null;
}

/**
 * The spec's "Auth context": user, session, role and loading.
 * - loading starts true and ends once the session is read and, when there is a user, the role too;
 * - a session change updates user and session, and the role is fetched right after;
 * - without a user the role is null; when the role fetch fails the role is null (logged);
 * - isAdmin is true only when the role is 'admin'.
 */
export interface AuthContextValue {
  user: AuthUser | null;
  session: AuthSession | null;
  role: Role | null;
  isAdmin: boolean;
  loading: boolean;
  signInWithEmail(email: string, password: string): Promise<SignInResult>;
  signInWithGoogle(): Promise<SignInResult>;
  signOut(): Promise<void>;
}

const AuthContext = React.createContext<AuthContextValue | null>(null);

export const meQueryKey = (userId: string | null) => ['auth', 'me', userId] as const;

function toAuthUser(raw: { id: string; email: string; name?: string | null; image?: string | null }): AuthUser {
  return { id: raw.id, email: raw.email, name: raw.name?.trim() ? raw.name : null, image: raw.image ?? null };
}

function messageOf(error: { message?: string; statusText?: string; status?: number } | null | undefined, fallback: string): string {
  if (!error) return fallback;
  if (error.message) return error.message;
  if (error.statusText) return error.statusText;
  return error.status ? `${fallback} (HTTP ${error.status})` : fallback;
}

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const sessionState = authClient.useSession();
  const rawUser = sessionState.data?.user ?? null;
  const rawSession = sessionState.data?.session ?? null;
  const userId = rawUser?.id ?? null;

  const meQuery = useQuery({
    queryKey: meQueryKey(userId),
    queryFn: ({ signal }) => api.get<MeResponse>('/api/me', { signal }),
    enabled: userId !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });

  React.useEffect(() => {
    if (meQuery.error) console.error('Could not read the role of the signed-in user; treating as no role.', meQuery.error);
  }, [meQuery.error]);

  // Any API call answering 401 means the session ended elsewhere: re-read it, so guards react.
  React.useEffect(
    () =>
      onApiUnauthorized(() => {
        authClient.$store.notify('$sessionSignal');
      }),
    [],
  );

  // Keep the session alive: check every 30 s, refresh when 90 s or less remain.
  const expiresAtRef = React.useRef<Date | null>(null);
  React.useEffect(() => {
    expiresAtRef.current = rawSession?.expiresAt ? new Date(rawSession.expiresAt) : null;
  });
  React.useEffect(() => {
    if (userId === null) return;
    let refreshing = false;
    const timer = setInterval(() => {
      if (refreshing || !needsRefresh(expiresAtRef.current, Date.now())) return;
      refreshing = true;
      retryWithBackoff(
        async () => {
          await authClient.$store.atoms.session.get().refetch();
          const after = authClient.$store.atoms.session.get();
          if (after.error) throw after.error;
        },
        // A 401 means the session is gone for good; the guard sends the user to sign-in.
        { shouldRetry: (error) => (error as { status?: number } | null)?.status !== 401 },
      )
        .catch((error) => console.warn('Session refresh failed', error))
        .finally(() => {
          refreshing = false;
        });
    }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [userId]);

  const user = React.useMemo(() => (rawUser ? toAuthUser(rawUser) : null), [rawUser]);
  const session = React.useMemo(
    () => (rawSession ? { id: rawSession.id, expiresAt: new Date(rawSession.expiresAt) } : null),
    [rawSession],
  );
  const role: Role | null = user && meQuery.data && meQuery.data.user?.id === user.id ? meQuery.data.role : null;
  const loading = sessionState.isPending || (user !== null && meQuery.isPending);

  const signInWithEmail = React.useCallback(async (email: string, password: string): Promise<SignInResult> => {
    try {
      const { error } = await authClient.signIn.email({ email, password });
      if (error) return { error: messageOf(error, 'Sign in failed') };
      return { error: null };
    } catch (cause) {
      return { error: cause instanceof Error && cause.message ? cause.message : 'Could not reach the server. Please try again.' };
    }
  }, []);

  const signInWithGoogle = React.useCallback(async (): Promise<SignInResult> => {
    try {
      // On success the browser leaves for Google and returns to the site root.
      const { error } = await authClient.signIn.social({ provider: 'google', callbackURL: '/' });
      if (error) return { error: messageOf(error, 'Google sign-in failed') };
      return { error: null };
    } catch (cause) {
      return { error: cause instanceof Error && cause.message ? cause.message : 'Could not reach the server. Please try again.' };
    }
  }, []);

  // Nothing of the previous user may linger in the cache for the next one. Cleared once the session
  // store has dropped the user (not inside signOut, where still-mounted queries would re-fetch and 401).
  const previousUserId = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (previousUserId.current !== null && previousUserId.current !== userId) queryClient.clear();
    previousUserId.current = userId;
  }, [userId, queryClient]);

  const signOut = React.useCallback(async () => {
    const { error } = await authClient.signOut();
    if (error) throw new Error(messageOf(error, 'Sign out failed'));
    // Wait until the session store knows, so the next screen does not still see the old user.
    await authClient.$store.atoms.session.get().refetch();
  }, []);

  const value = React.useMemo<AuthContextValue>(
    () => ({ user, session, role, isAdmin: role === 'admin', loading, signInWithEmail, signInWithGoogle, signOut }),
    [user, session, role, loading, signInWithEmail, signInWithGoogle, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = React.useContext(AuthContext);
  if (!value) throw new Error('useAuth() must be used inside <AuthProvider>');
  return value;
}
