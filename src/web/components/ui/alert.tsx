import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import { cn } from '@/web/lib/utils';

const alertVariants = cva('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0', {
  variants: {
    variant: {
      info: 'border-info-soft-foreground/20 bg-info-soft text-info-soft-foreground',
      warning: 'border-warning/30 bg-warning-soft text-warning-soft-foreground',
      destructive: 'border-destructive/30 bg-destructive-soft text-destructive-soft-foreground',
      success: 'border-success/30 bg-success-soft text-success-soft-foreground',
    },
  },
  defaultVariants: { variant: 'info' },
});

const icons = { info: Info, warning: AlertTriangle, destructive: XCircle, success: CheckCircle2 } as const;

/**
 * A banner inside the page (e.g. the caution banner on DDEX Sources). Destructive alerts use
 * role="alert" so they are announced; the others are plain status text.
 */
export function Alert({
  className,
  variant = 'info',
  title,
  children,
  ...props
}: Omit<React.ComponentProps<'div'>, 'title'> & VariantProps<typeof alertVariants> & { title?: React.ReactNode }) {
  const Icon = icons[variant ?? 'info'];
  return (
    <div role={variant === 'destructive' ? 'alert' : 'status'} className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={cn(title && 'mt-0.5')}>{children}</div>}
      </div>
    </div>
  );
}
