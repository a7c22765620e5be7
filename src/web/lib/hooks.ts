import { useEffect, useState } from 'react';
import { notify } from '@/web/components/ui/toaster';

/** `value` once it has stayed the same for `delayMs` (search boxes: one request per pause, not per key). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The spec's error toast when a list stops loading: once when it starts failing, not again on each
 * background retry of the same outage; a success and a new failure toast again.
 */
export function useFailureToast(failing: boolean, message: string): void {
  useEffect(() => {
    if (failing) notify.error(message);
  }, [failing, message]);
}
