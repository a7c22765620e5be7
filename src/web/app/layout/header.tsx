import { Link } from 'react-router';
import { ExternalLink, Menu } from 'lucide-react';
import { Logo } from '@/web/components/logo';
import { Button } from '@/web/components/ui/button';
import { SimpleTooltip } from '@/web/components/ui/tooltip';
import { cn } from '@/web/lib/utils';
import { getAppConfig, visibleSiblingTools } from '@/web/lib/config';
import { useRealtimeStatus } from '@/web/lib/realtime';
import { useAuth } from '@/web/app/auth/auth-context';
import { UserMenu } from './user-menu';

function SiblingToolLinks() {
  const tools = visibleSiblingTools(getAppConfig());
  if (tools.length === 0) return null;
  return (
    <nav aria-label="Tools" className="hidden items-center gap-1 lg:flex">
      {tools.map((tool) =>
        tool.current ? (
          <span
            key={tool.key}
            aria-current="page"
            className="rounded-md bg-primary-soft px-2.5 py-1 text-sm font-medium text-primary-soft-foreground"
          >
            {tool.label}
          </span>
        ) : (
          <a
            key={tool.key}
            href={tool.url!}
            className="inline-flex items-center gap-1 rounded-md px-2.5 py-1 text-sm text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-ring"
          >
            {tool.label}
            <ExternalLink aria-hidden className="size-3" />
          </a>
        ),
      )}
    </nav>
  );
}

/** A small dot: green while live updates flow, amber while reconnecting. */
function LiveIndicator() {
  const status = useRealtimeStatus();
  if (status === 'idle') return null;
  const live = status === 'open';
  const text = live ? 'Live updates on' : status === 'connecting' ? 'Connecting live updates...' : 'Live updates interrupted, reconnecting...';
  return (
    <SimpleTooltip content={text}>
      <span tabIndex={0} role="status" aria-label={text} className="hidden items-center gap-1.5 rounded-sm px-1 text-xs text-muted-foreground focus-ring sm:inline-flex">
        <span className={cn('size-2 rounded-full', live ? 'bg-success' : 'animate-pulse bg-warning')} />
        {live ? 'Live' : status === 'connecting' ? 'Connecting' : 'Reconnecting'}
      </span>
    </SimpleTooltip>
  );
}

export function AppHeader({ onOpenNavigation }: { onOpenNavigation?: () => void }) {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-3 border-b bg-surface/95 px-3 backdrop-blur sm:px-4">
      {onOpenNavigation && (
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation" onClick={onOpenNavigation}>
          <Menu aria-hidden />
        </Button>
      )}
      <Link to="/" aria-label="DDEX Delivery home" className="flex items-center rounded-md focus-ring">
        <Logo />
      </Link>
      <p className="hidden border-l pl-3 text-sm text-muted-foreground lg:block">Streamline DDEX deliveries and workflows</p>
      <div className="ml-auto flex items-center gap-3">
        <SiblingToolLinks />
        {user && <LiveIndicator />}
        <UserMenu />
      </div>
    </header>
  );
}
