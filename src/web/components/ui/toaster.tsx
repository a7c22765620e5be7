import { Toaster as SonnerToaster, toast } from 'sonner';

/** Mounted once in the app providers. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      richColors
      closeButton
      duration={5000}
      toastOptions={{ className: 'font-sans text-sm' }}
    />
  );
}

/**
 * Toasts in the spec's shape: a title (e.g. 'Error', 'Sign in failed') and a message.
 * Error toasts are titled 'Error' unless the spec names another title.
 */
export const notify = {
  error(message: string, title = 'Error') {
    return toast.error(title, { description: message });
  },
  success(title: string, message?: string) {
    return toast.success(title, { description: message });
  },
  info(title: string, message?: string) {
    return toast.info(title, { description: message });
  },
  warning(title: string, message?: string) {
    return toast.warning(title, { description: message });
  },
};

export { toast };
