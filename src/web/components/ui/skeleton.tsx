import * as React from 'react';
import { cn } from '@/web/lib/utils';

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('animate-pulse rounded-md bg-subtle', className)} {...props} />;
}
