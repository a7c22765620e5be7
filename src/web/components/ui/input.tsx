import * as React from 'react';
import { cn } from '@/web/lib/utils';

export const fieldClasses =
  'w-full min-w-0 rounded-md border border-input bg-surface px-2.5 text-sm text-foreground shadow-card transition-colors placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30';

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(fieldClasses, 'h-8 py-1 file:mr-2 file:border-0 file:bg-transparent file:text-sm file:font-medium', className)}
      {...props}
    />
  );
}
