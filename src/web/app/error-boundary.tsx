import * as React from 'react';
import { useLocation, useNavigate, useRouteError, isRouteErrorResponse } from 'react-router';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

/** The spec's Dutch fallback panel: title, the error's message, and 'Probeer opnieuw'. */
export function ErrorFallbackPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-[50vh] items-center justify-center p-6">
      <div className="flex w-full max-w-lg flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-card px-8 py-10 text-center shadow-card">
        <div aria-hidden className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
          <AlertTriangle className="size-6" />
        </div>
        <h2 className="text-lg font-semibold">Er is een fout opgetreden</h2>
        <p className="max-w-full text-sm break-words text-muted-foreground">{message}</p>
        <Button onClick={onRetry} className="mt-2">
          <RotateCw aria-hidden />
          Probeer opnieuw
        </Button>
      </div>
    </div>
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string' && error) return error;
  return 'Onbekende fout';
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/**
 * Catches render errors of the page below it. 'Probeer opnieuw' clears the error and renders the
 * children again. `resetKey` (the path) clears it too, so navigating away from a broken page works.
 */
export class ErrorBoundary extends React.Component<{ children: React.ReactNode; resetKey?: string }, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, info: React.ErrorInfo) {
    console.error('Render error caught by the error boundary', error, info.componentStack);
  }

  componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.reset();
  }

  reset = () => this.setState({ error: null, hasError: false });

  render() {
    if (this.state.hasError) return <ErrorFallbackPanel message={describe(this.state.error)} onRetry={this.reset} />;
    return this.props.children;
  }
}

/** For react-router's errorElement: errors outside the page boundary (layout, loaders). */
export function RouteErrorPanel() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  React.useEffect(() => console.error('Route error', error), [error]);
  // A fresh navigation to the same place clears the router's error state.
  return <ErrorFallbackPanel message={describe(error)} onRetry={() => navigate(`${location.pathname}${location.search}`, { replace: true })} />;
}
