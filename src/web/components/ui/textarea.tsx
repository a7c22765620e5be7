import * as React from 'react';
import { cn } from '@/web/lib/utils';
import { fieldClasses } from './input';

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(fieldClasses, 'min-h-16 py-1.5 leading-5', className)} {...props} />;
}
