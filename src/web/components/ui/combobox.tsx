import * as React from 'react';
import { Check, ChevronsUpDown, Search, X } from 'lucide-react';
import { cn } from '@/web/lib/utils';
import { filterOptions, type SearchableOption } from '@/web/lib/search';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

export interface ComboboxOption extends SearchableOption {
  description?: string;
  disabled?: boolean;
}

export interface ComboboxProps {
  options: readonly ComboboxOption[];
  value: string | null;
  onValueChange: (value: string | null) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  /** Shows a clear button when a value is chosen. */
  clearable?: boolean;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  className?: string;
  /** Caps what is rendered so a list of thousands stays fast; the search narrows it. */
  maxVisible?: number;
}

/**
 * A select with a search box: the trigger is a button, the popup holds a text field that filters a
 * listbox. Arrow keys move, Enter picks, Escape closes, Home/End jump; the input keeps focus and
 * points at the active option with aria-activedescendant.
 */
export function Combobox({
  options,
  value,
  onValueChange,
  placeholder = 'Select...',
  searchPlaceholder = 'Search...',
  emptyText = 'No results found.',
  clearable = false,
  disabled = false,
  id,
  'aria-label': ariaLabel,
  className,
  maxVisible = 200,
}: ComboboxProps) {
  const [open, setOpen] = React.useState(false);
  const [query, setQuery] = React.useState('');
  const [activeIndex, setActiveIndex] = React.useState(0);
  const listboxId = React.useId();
  const listRef = React.useRef<HTMLUListElement>(null);

  const visible = React.useMemo(() => filterOptions(options, query).slice(0, maxVisible), [options, query, maxVisible]);
  const selected = options.find((option) => option.value === value) ?? null;

  function openChange(next: boolean) {
    setOpen(next);
    if (next) {
      setQuery('');
      const selectedIndex = options.findIndex((option) => option.value === value);
      setActiveIndex(selectedIndex >= 0 && selectedIndex < maxVisible ? selectedIndex : 0);
    }
  }

  function choose(option: ComboboxOption) {
    if (option.disabled) return;
    onValueChange(option.value);
    setOpen(false);
  }

  function moveActive(delta: number) {
    if (visible.length === 0) return;
    setActiveIndex((current) => (current + delta + visible.length) % visible.length);
  }

  function onSearchKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveActive(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveActive(-1);
        break;
      case 'Home':
        event.preventDefault();
        setActiveIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setActiveIndex(Math.max(visible.length - 1, 0));
        break;
      case 'Enter': {
        event.preventDefault();
        const option = visible[activeIndex];
        if (option) choose(option);
        break;
      }
    }
  }

  React.useEffect(() => {
    if (!open) return;
    const active = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    active?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, open]);

  const activeOptionId = visible[activeIndex] ? `${listboxId}-option-${activeIndex}` : undefined;

  return (
    <Popover open={open} onOpenChange={openChange}>
      <div className={cn('relative flex w-full min-w-0', className)}>
        <PopoverTrigger asChild disabled={disabled}>
          <button
            type="button"
            id={id}
            role="combobox"
            aria-label={ariaLabel}
            aria-expanded={open}
            aria-haspopup="listbox"
            aria-controls={open ? listboxId : undefined}
            className={cn(
              'flex h-8 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-surface px-2.5 text-left text-sm shadow-card focus-ring disabled:cursor-not-allowed disabled:opacity-50',
              !selected && 'text-muted-foreground',
              clearable && selected && 'pr-14',
            )}
          >
            <span className="truncate">{selected ? selected.label : placeholder}</span>
            <ChevronsUpDown aria-hidden className="size-4 shrink-0 opacity-60" />
          </button>
        </PopoverTrigger>
        {clearable && selected && !disabled && (
          <button
            type="button"
            aria-label="Clear selection"
            onClick={() => onValueChange(null)}
            className="absolute top-1/2 right-7 -translate-y-1/2 rounded-sm p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-ring"
          >
            <X aria-hidden className="size-3.5" />
          </button>
        )}
      </div>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-56 p-0" onOpenAutoFocus={(event) => event.preventDefault()}>
        <div className="flex items-center gap-2 border-b px-2.5">
          <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <input
            autoFocus
            role="combobox"
            aria-label={searchPlaceholder}
            aria-expanded
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={activeOptionId}
            placeholder={searchPlaceholder}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActiveIndex(0);
            }}
            onKeyDown={onSearchKeyDown}
            className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
        </div>
        <ul ref={listRef} id={listboxId} role="listbox" aria-label={ariaLabel ?? placeholder} className="max-h-64 overflow-y-auto p-1">
          {visible.length === 0 && <li className="px-2 py-6 text-center text-sm text-muted-foreground">{emptyText}</li>}
          {visible.map((option, index) => {
            const isSelected = option.value === value;
            return (
              <li
                key={option.value}
                id={`${listboxId}-option-${index}`}
                data-index={index}
                role="option"
                aria-selected={isSelected}
                aria-disabled={option.disabled || undefined}
                onMouseMove={() => setActiveIndex(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                className={cn(
                  'flex cursor-default items-start gap-2 rounded-sm px-2 py-1.5 text-sm select-none',
                  index === activeIndex && 'bg-muted',
                  option.disabled && 'pointer-events-none opacity-50',
                )}
              >
                <Check aria-hidden className={cn('mt-0.5 size-4 shrink-0 text-primary', !isSelected && 'invisible')} />
                <span className="min-w-0">
                  <span className="block truncate">{option.label}</span>
                  {option.description && <span className="block truncate text-xs text-muted-foreground">{option.description}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
