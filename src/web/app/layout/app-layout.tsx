import * as React from 'react';
import { Outlet, useLocation } from 'react-router';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { overlayClasses } from '@/web/components/ui/dialog';
import { ErrorBoundary } from '@/web/app/error-boundary';
import { AppHeader } from './header';
import { Sidebar } from './sidebar';

/** Header, left sidebar and the page; the page sits in its own error boundary so the shell survives a broken page. */
export function AppLayout() {
  const location = useLocation();
  const [navOpen, setNavOpen] = React.useState(false);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppHeader onOpenNavigation={() => setNavOpen(true)} />
      <div className="flex flex-1">
        <aside className="sticky top-14 hidden h-[calc(100vh-3.5rem)] w-60 shrink-0 border-r bg-sidebar md:block">
          <Sidebar />
        </aside>

        {/* Narrow screens: the same sidebar in a sliding panel. */}
        <DialogPrimitive.Root open={navOpen} onOpenChange={setNavOpen}>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className={overlayClasses} />
            <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 w-64 border-r bg-sidebar shadow-overlay focus:outline-none data-[state=open]:animate-fade-in">
              <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
              <DialogPrimitive.Description className="sr-only">Go to another screen</DialogPrimitive.Description>
              <DialogPrimitive.Close aria-label="Close navigation" className="absolute top-3 right-3 rounded-sm p-1 text-muted-foreground hover:bg-muted focus-ring">
                <X aria-hidden className="size-4" />
              </DialogPrimitive.Close>
              <Sidebar className="pt-10" onNavigate={() => setNavOpen(false)} />
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>

        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-5 focus:outline-none sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-[1600px]">
            <ErrorBoundary resetKey={location.pathname}>
              <Outlet />
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </div>
  );
}
