import * as React from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@/web/lib/api';
import { useRealtimeConnection } from '@/web/lib/realtime';
import { Toaster } from '@/web/components/ui/toaster';
import { TooltipProvider } from '@/web/components/ui/tooltip';
import { AuthProvider, useAuth } from './auth/auth-context';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; retry only network trouble and 5xx, twice.
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/** Opens the tab's live-update stream while someone is signed in. */
function RealtimeLifecycle() {
  const { user } = useAuth();
  useRealtimeConnection(user !== null);
  return null;
}

/** Everything the screens rely on: data cache, auth, live updates, tooltips and toasts. */
export function AppProviders({ children, queryClient }: { children: React.ReactNode; queryClient?: QueryClient }) {
  const [client] = React.useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RealtimeLifecycle />
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
