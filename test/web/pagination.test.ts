import { describe, expect, it } from 'vitest';
import { numberedPageWindow, pageCountFor, pageWindow, rangeSummary } from '@/web/lib/pagination';

describe('pageWindow (DDEX Files: first, last, current ±1, with ellipsis)', () => {
  it('shows first, last and the neighbours of a page in the middle, with a gap on each side', () => {
    expect(pageWindow(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
  });

  it('has no leading gap on the first pages', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
  });

  it('has no trailing gap on the last pages', () => {
    expect(pageWindow(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
    expect(pageWindow(8, 10)).toEqual([1, 'ellipsis', 7, 8, 9, 10]);
  });

  it('puts an ellipsis even where a single page is left out', () => {
    expect(pageWindow(4, 10)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 10]);
  });

  it('lists small page counts in full without gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });

  it('clamps a current page outside the range and returns nothing for no pages', () => {
    expect(pageWindow(99, 5)).toEqual([1, 'ellipsis', 4, 5]);
    expect(pageWindow(-3, 5)).toEqual([1, 2, 'ellipsis', 5]);
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(Number.NaN, 3)).toEqual([1, 2, 3]);
  });
});

describe('numberedPageWindow (Releases: up to 5 page numbers)', () => {
  it('centres the window on the current page', () => {
    expect(numberedPageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });

  it('keeps the window full at both ends', () => {
    expect(numberedPageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(numberedPageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(numberedPageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(numberedPageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows every page when there are 5 or fewer', () => {
    expect(numberedPageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(numberedPageWindow(1, 1)).toEqual([1]);
    expect(numberedPageWindow(1, 0)).toEqual([]);
  });
});

describe('pageCountFor and rangeSummary', () => {
  it('rounds page counts up and never goes below one page', () => {
    expect(pageCountFor(120, 50)).toBe(3);
    expect(pageCountFor(100, 50)).toBe(2);
    expect(pageCountFor(0, 50)).toBe(1);
  });

  it("reads 'showing 1 to N of N' with inclusive, 1-based bounds", () => {
    expect(rangeSummary(1, 50, 120)).toBe('showing 1 to 50 of 120');
    expect(rangeSummary(3, 50, 120)).toBe('showing 101 to 120 of 120');
    expect(rangeSummary(1, 50, 7)).toBe('showing 1 to 7 of 7');
    expect(rangeSummary(1, 50, 0)).toBe('showing 0 to 0 of 0');
  });
});
