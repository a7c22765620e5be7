import { Link } from 'react-router';
import { Home } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { AppHeader } from './layout/header';

/** Any unknown path, for everyone (signed in or not). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="flex flex-1 flex-col items-center justify-center gap-3 px-4 text-center">
        <p className="text-6xl font-bold tracking-tight text-primary/80 tabular" aria-hidden>
          404
        </p>
        <h1 className="text-xl font-semibold">Oops! Page not found</h1>
        <p className="max-w-sm text-sm text-muted-foreground">The address you followed does not exist or has moved.</p>
        <Button asChild className="mt-2">
          <Link to="/">
            <Home aria-hidden />
            Return to Home
          </Link>
        </Button>
      </main>
    </div>
  );
}
