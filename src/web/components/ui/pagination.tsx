import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, MoreHorizontal } from 'lucide-react';
import { cn } from '@/web/lib/utils';
import { numberedPageWindow, pageWindow } from '@/web/lib/pagination';
import { Button } from './button';

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /**
   * 'ellipsis' (DDEX Files): Previous, first, last, current plus or minus 1 with ellipsis, Next.
   * 'numbered' (Releases): First, Previous, up to 5 page numbers, Next, Last.
   */
  variant?: 'ellipsis' | 'numbered';
  disabled?: boolean;
  className?: string;
}

export function Pagination({ page, pageCount, onPageChange, variant = 'ellipsis', disabled = false, className }: PaginationProps) {
  const lastPage = Math.max(1, pageCount);
  const current = Math.min(Math.max(1, page), lastPage);
  const atStart = current <= 1;
  const atEnd = current >= lastPage;
  const go = (target: number) => {
    if (target !== current && target >= 1 && target <= lastPage) onPageChange(target);
  };

  const numberButton = (target: number) => (
    <li key={target}>
      <Button
        variant={target === current ? 'default' : 'ghost'}
        size="icon"
        className="tabular w-auto min-w-8 px-2"
        aria-label={`Page ${target}`}
        aria-current={target === current ? 'page' : undefined}
        disabled={disabled}
        onClick={() => go(target)}
      >
        {target}
      </Button>
    </li>
  );

  return (
    <nav aria-label="Pagination" className={cn('flex items-center justify-center', className)}>
      <ul className="flex flex-wrap items-center gap-1">
        {variant === 'numbered' && (
          <li>
            <Button variant="outline" size="md" disabled={disabled || atStart} onClick={() => go(1)}>
              <ChevronsLeft aria-hidden />
              First
            </Button>
          </li>
        )}
        <li>
          <Button variant="outline" size="md" disabled={disabled || atStart} onClick={() => go(current - 1)}>
            <ChevronLeft aria-hidden />
            Previous
          </Button>
        </li>
        {variant === 'numbered'
          ? numberedPageWindow(current, lastPage).map(numberButton)
          : pageWindow(current, lastPage).map((item, index) =>
              item === 'ellipsis' ? (
                <li key={`gap-${index}`} aria-hidden className="flex size-8 items-center justify-center text-muted-foreground">
                  <MoreHorizontal className="size-4" />
                </li>
              ) : (
                numberButton(item)
              ),
            )}
        <li>
          <Button variant="outline" size="md" disabled={disabled || atEnd} onClick={() => go(current + 1)}>
            Next
            <ChevronRight aria-hidden />
          </Button>
        </li>
        {variant === 'numbered' && (
          <li>
            <Button variant="outline" size="md" disabled={disabled || atEnd} onClick={() => go(lastPage)}>
              Last
              <ChevronsRight aria-hidden />
            </Button>
          </li>
        )}
      </ul>
    </nav>
  );
}
