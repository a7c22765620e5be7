import * as React from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AlertCircle, LogIn } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { LoadingScreen } from '@/web/components/ui/spinner';
import { notify } from '@/web/components/ui/toaster';
import { LogoMark } from '@/web/components/logo';
import { getAppConfig } from '@/web/lib/config';
import { useAuth } from '@/web/app/auth/auth-context';
import type { AuthRedirectState } from '@/web/app/auth/guards';

export const FILL_ALL_FIELDS = 'Please fill in all fields';
export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';

function GoogleIcon() {
  // The four-colour "G" drawn from simple arcs; decorative next to the button text.
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4">
      <path fill="#4285F4" d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z" />
      <path fill="#34A853" d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z" />
      <path fill="#FBBC05" d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2L6.4 14z" />
      <path fill="#EA4335" d="M12 5.9c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10c.8-2.3 3-4.1 5.6-4.1z" />
    </svg>
  );
}

/** /auth: email and password, or Google. No sign-up: access is by invitation of an administrator. */
export function AuthPage() {
  const { user, loading, signInWithEmail, signInWithGoogle } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { googleEnabled } = getAppConfig();

  const [email, setEmail] = React.useState('');
  const [password, setPassword] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [submitting, setSubmitting] = React.useState(false);
  const [googlePending, setGooglePending] = React.useState(false);

  // A visitor sent here by a guard returns to the page they asked for; anyone else goes to /.
  const from = (location.state as AuthRedirectState | null)?.from;
  const destination = from && from.pathname !== '/auth' ? `${from.pathname}${from.search}${from.hash}` : '/';

  if (loading) return <LoadingScreen className="min-h-screen" />;
  if (user) return <Navigate to={destination} replace />;

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmedEmail = email.trim();
    if (trimmedEmail === '' || password === '') {
      setError(FILL_ALL_FIELDS);
      notify.error(FILL_ALL_FIELDS);
      return;
    }
    setSubmitting(true);
    setError(null);
    const result = await signInWithEmail(trimmedEmail, password);
    setSubmitting(false);
    if (result.error) {
      setError(result.error);
      notify.error(result.error, 'Sign in failed');
      return;
    }
    navigate(destination, { replace: true });
  }

  async function handleGoogle() {
    setGooglePending(true);
    setError(null);
    const result = await signInWithGoogle();
    // On success the browser is already on its way to Google; only a failure comes back here.
    if (result.error) {
      setGooglePending(false);
      setError(result.error);
      notify.error(result.error, 'Sign in failed');
    }
  }

  const busy = submitting || googlePending;

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-background px-4 py-10">
      <div className="mb-6 flex flex-col items-center gap-2 text-center">
        <LogoMark className="size-11" />
        <p className="text-lg font-semibold tracking-tight">
          DDEX <span className="text-primary">Delivery</span>
        </p>
        <p className="text-sm text-muted-foreground">Streamline DDEX deliveries and workflows</p>
      </div>

      <Card className="w-full max-w-sm">
        <CardHeader className="pb-2">
          <CardTitle as="h1" className="text-lg">
            Sign in
          </CardTitle>
          <CardDescription>Use your work email and password.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3" aria-describedby={error ? 'sign-in-error' : undefined}>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="sign-in-email">Email</Label>
              <Input
                id="sign-in-email"
                name="email"
                type="email"
                autoComplete="username"
                autoFocus
                placeholder="you@company.com"
                value={email}
                aria-invalid={error === FILL_ALL_FIELDS && email.trim() === '' ? true : undefined}
                onChange={(event) => setEmail(event.target.value)}
                disabled={busy}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="sign-in-password">Password</Label>
              <Input
                id="sign-in-password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                aria-invalid={error === FILL_ALL_FIELDS && password === '' ? true : undefined}
                onChange={(event) => setPassword(event.target.value)}
                disabled={busy}
              />
            </div>

            {error && (
              <div id="sign-in-error" role="alert" className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground">
                <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>{error}</span>
              </div>
            )}

            <Button type="submit" size="lg" className="mt-1 w-full" loading={submitting} disabled={googlePending}>
              {!submitting && <LogIn aria-hidden />}
              Sign In
            </Button>
          </form>

          <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>

          <div className="flex flex-col gap-1.5">
            <Button
              variant="outline"
              size="lg"
              className="w-full"
              onClick={handleGoogle}
              loading={googlePending}
              disabled={!googleEnabled || submitting}
              aria-describedby={googleEnabled ? undefined : 'google-not-configured'}
            >
              {!googlePending && <GoogleIcon />}
              Continue with Google
            </Button>
            {!googleEnabled && (
              <p id="google-not-configured" className="text-center text-xs text-muted-foreground">
                {GOOGLE_NOT_CONFIGURED}
              </p>
            )}
          </div>
        </CardContent>
      </Card>

      <p className="mt-6 max-w-sm text-center text-sm text-muted-foreground">
        Access is by invitation only. Don't have an account? Contact an administrator to request access.
      </p>
    </main>
  );
}
