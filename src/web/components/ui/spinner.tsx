import { Loader2 } from 'lucide-react';
import { cn } from '@/web/lib/utils';

export interface SpinnerProps {
  className?: string;
  /** Read by screen readers; the icon itself is decorative. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

export function Spinner({ className, label = 'Loading', size = 'md' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex items-center justify-center text-muted-foreground', className)}>
      <Loader2 aria-hidden className={cn('animate-spin', sizes[size])} />
    </span>
  );
}

/** The centred 'Loading...' state used while session and role load, and by pages while their data loads. */
export function LoadingScreen({ text = 'Loading...', className }: { text?: string; className?: string }) {
  return (
    <div className={cn('flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground', className)}>
      <Spinner size="lg" label={text} />
      <p className="text-sm">{text}</p>
    </div>
  );
}
