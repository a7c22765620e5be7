import * as React from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '@/web/lib/utils';

export interface ProgressProps extends Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> {
  /** Done so far; null shows an indeterminate bar. */
  value: number | null;
  max?: number;
  tone?: 'primary' | 'success' | 'destructive' | 'warning';
}

const tones = { primary: 'bg-primary', success: 'bg-success', destructive: 'bg-destructive', warning: 'bg-warning' } as const;

export function Progress({ className, value, max = 100, tone = 'primary', ...props }: ProgressProps) {
  const safeMax = max > 0 ? max : 100;
  const clamped = value === null ? null : Math.min(Math.max(value, 0), safeMax);
  const percent = clamped === null ? 0 : (clamped / safeMax) * 100;
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={safeMax}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-subtle', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full rounded-full transition-[width] duration-300', tones[tone], clamped === null && 'w-1/3 animate-pulse')}
        style={clamped === null ? undefined : { width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
