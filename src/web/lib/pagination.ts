/** A page number, or a gap standing for the pages left out. */
export type PageItem = number | 'ellipsis';

function clampPage(page: number, total: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(Math.trunc(page), 1), total);
}

/**
 * DDEX Files pagination: the first page, the last page and the current page plus or minus 1, with
 * an ellipsis wherever pages are left out. Pages are 1-based; a total below 1 gives no items.
 * pageWindow(5, 10) -> [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]
 */
export function pageWindow(current: number, total: number): PageItem[] {
  const pageCount = Number.isFinite(total) ? Math.trunc(total) : 0;
  if (pageCount < 1) return [];
  const page = clampPage(current, pageCount);
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((candidate) => candidate >= 1 && candidate <= pageCount)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const candidate of shown) {
    const previous = items[items.length - 1];
    if (typeof previous === 'number' && candidate - previous > 1) items.push('ellipsis');
    items.push(candidate);
  }
  return items;
}

/**
 * Releases pagination: up to `size` (5) consecutive page numbers around the current page, shifted
 * at either end so the window stays full when there are enough pages. First/Previous/Next/Last
 * buttons go around it.
 * numberedPageWindow(1, 10) -> [1, 2, 3, 4, 5]; numberedPageWindow(10, 10) -> [6, 7, 8, 9, 10]
 */
export function numberedPageWindow(current: number, total: number, size = 5): number[] {
  const pageCount = Number.isFinite(total) ? Math.trunc(total) : 0;
  const windowSize = Math.max(1, Math.trunc(size));
  if (pageCount < 1) return [];
  const page = clampPage(current, pageCount);
  const start = Math.max(1, Math.min(page - Math.floor(windowSize / 2), pageCount - windowSize + 1));
  const end = Math.min(pageCount, start + windowSize - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

/** Number of pages for a row count; at least 1 so "page 1 of 1" shows for an empty list. */
export function pageCountFor(totalRows: number, pageSize: number): number {
  if (!Number.isFinite(totalRows) || totalRows <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) return 1;
  return Math.ceil(totalRows / pageSize);
}

/** The releases footer: 'showing 1 to 50 of 120' (1-based, inclusive). An empty list reads 'showing 0 to 0 of 0'. */
export function rangeSummary(page: number, pageSize: number, totalRows: number): string {
  const total = Math.max(0, Math.trunc(totalRows) || 0);
  if (total === 0 || pageSize <= 0) return `showing 0 to 0 of ${total}`;
  const safePage = clampPage(page, pageCountFor(total, pageSize));
  const from = (safePage - 1) * pageSize + 1;
  const to = Math.min(safePage * pageSize, total);
  return `showing ${from} to ${to} of ${total}`;
}
