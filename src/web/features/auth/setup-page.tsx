import * as React from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AlertCircle, KeyRound } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { LoadingScreen } from '@/web/components/ui/spinner';
import { notify } from '@/web/components/ui/toaster';
import { LogoMark } from '@/web/components/logo';
import { api, errorMessage } from '@/web/lib/api';
import { useAuth } from '@/web/app/auth/auth-context';

interface LinkCheck {
  valid: boolean;
  email: string | null;
  role: 'user' | 'admin';
  firstAdmin: boolean;
}

/**
 * /setup?token=…: where the first administrator's one-time link and invitation links lead. The
 * person chooses a password (and, for the first admin, the email) and is signed in with it.
 */
export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { signInWithEmail } = useAuth();
  const check = useQuery({
    queryKey: ['setup-link', token],
    queryFn: () => api.get<LinkCheck>('/api/auth/setup/check', { query: { token } }),
    enabled: token !== '',
    retry: false,
  });

  const [email, setEmail] = React.useState('');
  const [name, setName] = React.useState('');
  const [password, setPassword] = React.useState('');
  const [confirm, setConfirm] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [saving, setSaving] = React.useState(false);

  if (token && check.isPending) return <LoadingScreen className="min-h-screen" />;
  const linkProblem = !token ? 'This link is incomplete: it has no token.' : check.isError ? errorMessage(check.error) : null;
  const link = check.data;

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosenEmail = link?.firstAdmin ? email.trim() : (link?.email ?? '');
    if (chosenEmail === '' || password === '') return setError('Please fill in all fields');
    if (password.length < 8) return setError('The password must be at least 8 characters');
    if (password !== confirm) return setError('The two passwords differ');
    setSaving(true);
    setError(null);
    try {
      await api.post('/api/auth/setup/complete', { token, email: chosenEmail, name: name.trim() || undefined, password });
      // They just typed the password: asking for it again on /auth would only be a hurdle.
      const signedIn = await signInWithEmail(chosenEmail, password);
      if (signedIn.error) {
        notify.success('Account created', 'You can now sign in with your email and password.');
        navigate('/auth', { replace: true });
      } else {
        notify.success('Account created', `Signed in as ${chosenEmail}.`);
        navigate('/', { replace: true });
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-background px-4 py-10">
      <div className="mb-6 flex flex-col items-center gap-2 text-center">
        <LogoMark className="size-11" />
        <p className="text-lg font-semibold tracking-tight">
          DDEX <span className="text-primary">Delivery</span>
        </p>
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader className="pb-2">
          <CardTitle as="h1" className="text-lg">
            {link?.firstAdmin ? 'Create the first administrator' : 'Set your password'}
          </CardTitle>
          <CardDescription>
            {linkProblem
              ? 'This link cannot be used.'
              : link?.firstAdmin
                ? 'No account exists yet. The account you create here manages everything else.'
                : `Your account ${link?.email} will have the ${link?.role} role.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {linkProblem ? (
            <div className="flex flex-col gap-4">
              <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
                <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
                {linkProblem}
              </p>
              <Button asChild variant="outline">
                <Link to="/auth">Go to sign in</Link>
              </Button>
            </div>
          ) : (
            <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3">
              {link?.firstAdmin && (
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor="setup-email">Email</Label>
                  <Input id="setup-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} disabled={saving} autoFocus />
                </div>
              )}
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="setup-name">Full name (optional)</Label>
                <Input id="setup-name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} disabled={saving} />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="setup-password">Password</Label>
                <Input id="setup-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} disabled={saving} />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="setup-confirm">Repeat password</Label>
                <Input id="setup-confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} disabled={saving} />
              </div>
              {error && (
                <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
                  <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
                  {error}
                </p>
              )}
              <Button type="submit" size="lg" className="mt-1 w-full" loading={saving}>
                {!saving && <KeyRound aria-hidden />}
                Create account
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
