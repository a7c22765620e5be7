import * as React from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { LoadingScreen } from '@/web/components/ui/spinner';
import { useAuth } from './auth-context';

/** Where RequireAuth came from, so sign-in can return there. */
export interface AuthRedirectState {
  from?: { pathname: string; search: string; hash: string };
}

/**
 * Signed-in routes. While session and role load: the centred 'Loading...'. Without a session: to
 * /auth, replacing the history entry (Back does not bounce into the guard again).
 */
export function RequireAuth({ children }: { children?: React.ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen className="min-h-screen" />;
  if (!user) {
    const state: AuthRedirectState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/auth" replace state={state} />;
  }
  return children ?? <Outlet />;
}

/** Admin-only routes (/sources, /delivery-destinations, /admin): Access Denied for everyone else. */
export function RequireAdmin({ children }: { children?: React.ReactNode }) {
  const { user, isAdmin, loading } = useAuth();
  if (loading) return <LoadingScreen />;
  if (!user) return <Navigate to="/auth" replace />;
  if (!isAdmin) return <AccessDenied />;
  return children ?? <Outlet />;
}

export function AccessDenied() {
  return (
    <section aria-labelledby="access-denied-title" className="flex min-h-[60vh] items-center justify-center p-6">
      <div className="flex max-w-md flex-col items-center gap-3 rounded-lg border bg-card px-8 py-10 text-center shadow-card">
        <div aria-hidden className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
          <ShieldAlert className="size-6" />
        </div>
        <h1 id="access-denied-title" className="text-xl font-semibold">
          Access Denied
        </h1>
        <p className="text-sm text-foreground">You need administrator privileges to access this page.</p>
        <p className="text-sm text-muted-foreground">Contact your administrator if you believe this is an error.</p>
      </div>
    </section>
  );
}
