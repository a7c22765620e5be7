import * as React from 'react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { Check, Minus } from 'lucide-react';
import { cn } from '@/web/lib/utils';

export function Checkbox({ className, ...props }: React.ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'peer flex size-4 shrink-0 items-center justify-center rounded-sm border border-input bg-surface shadow-card transition-colors focus-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="flex items-center justify-center">
        {props.checked === 'indeterminate' ? <Minus aria-hidden className="size-3" /> : <Check aria-hidden className="size-3" strokeWidth={3} />}
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

/** A checkbox with its clickable label, e.g. 'Show rejected artists'. */
export function CheckboxField({
  id,
  label,
  className,
  ...props
}: React.ComponentProps<typeof CheckboxPrimitive.Root> & { id: string; label: React.ReactNode }) {
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Checkbox id={id} {...props} />
      <label htmlFor={id} className="text-sm leading-none select-none peer-disabled:opacity-60">
        {label}
      </label>
    </div>
  );
}
