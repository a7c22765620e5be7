import * as React from 'react';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { cn } from '@/web/lib/utils';
import { Button } from './button';

/**
 * A failed load shown in place of the content: what failed, the server's message, and a retry.
 * (Toasts report the failure too, per the spec; this keeps the screen from looking merely empty.)
 */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try again',
  className,
}: {
  title?: React.ReactNode;
  message?: React.ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('flex flex-col items-center justify-center gap-2 rounded-lg border border-destructive/30 bg-destructive-soft/40 px-6 py-10 text-center', className)}>
      <AlertTriangle aria-hidden className="size-6 text-destructive" />
      <p className="text-sm font-semibold">{title}</p>
      {message && <p className="max-w-lg text-sm break-words text-muted-foreground">{message}</p>}
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          <RotateCw aria-hidden />
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
