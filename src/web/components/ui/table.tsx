import * as React from 'react';
import { cn } from '@/web/lib/utils';
import { Skeleton } from './skeleton';

/** A dense data table. The wrapper scrolls horizontally so wide tables never break the layout. */
export function Table({ className, containerClassName, ...props }: React.ComponentProps<'table'> & { containerClassName?: string }) {
  return (
    <div className={cn('relative w-full overflow-x-auto rounded-lg border bg-card', containerClassName)}>
      <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead className={cn('bg-muted/70 [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return <tfoot className={cn('border-t bg-muted/50 font-medium', className)} {...props} />;
}

export function TableRow({ className, onClick, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      className={cn(
        'border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-primary-soft',
        onClick && 'cursor-pointer',
        className,
      )}
      onClick={onClick}
      {...props}
    />
  );
}

/**
 * Stuck to the table's right edge (for Actions): on a narrow screen the other columns scroll under
 * it, with a soft shadow, instead of pushing it out of view.
 */
const PINNED_RIGHT = 'sticky right-0 z-[1] shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.12)]';

export function TableHead({ className, pinRight, ...props }: React.ComponentProps<'th'> & { pinRight?: boolean }) {
  return (
    <th
      scope="col"
      className={cn(
        'h-9 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        // Opaque, as the header row's translucent muted over the card looks.
        pinRight && [PINNED_RIGHT, 'bg-[color-mix(in_srgb,var(--color-muted)_70%,var(--color-card))]'],
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, pinRight, ...props }: React.ComponentProps<'td'> & { pinRight?: boolean }) {
  return <td className={cn('px-3 py-2 align-middle', pinRight && [PINNED_RIGHT, 'bg-card'], className)} {...props} />;
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return <caption className={cn('py-3 text-sm text-muted-foreground', className)} {...props} />;
}

/** One full-width row for "nothing here" or an error inside a table body. */
export function TableMessageRow({ colSpan, children, className }: { colSpan: number; children: React.ReactNode; className?: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className={cn('px-3 py-10 text-center text-sm text-muted-foreground', className)}>
        {children}
      </td>
    </tr>
  );
}

/** Placeholder rows while a table's first page loads. */
export function TableSkeletonRows({ rows = 5, columns }: { rows?: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} className="border-b" aria-hidden>
          {Array.from({ length: columns }, (_, column) => (
            <td key={column} className="px-3 py-2.5">
              <Skeleton className="h-4 w-full max-w-40" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
